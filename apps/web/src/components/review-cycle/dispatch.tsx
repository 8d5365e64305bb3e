import { useEffect, useState } from 'react';
import { Card, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { MESSAGES, todayIso } from '@rrp/domain';
import { parseUsDay } from '@/lib/us-date';

/**
 * What the two Begin Review screens share (staff §2.4, §4.3) — Research Match's and the tissue
 * cycle's: the choice of requests, the reviews' due date, and the way home when nothing is waiting.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A due date that can be sent: a day, today or later. */
export const isDueDateOk = (dueDate: string) => ISO_DAY.test(dueDate) && dueDate >= todayIso();

/** The due date card: typed as mm/dd/yyyy or picked; `tooEarly` is the cycle's own message. */
export function ReviewDueDateCard({
  value,
  onChange,
  error,
  tooEarly,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The server's message, which wins over the screen's own check. */
  error: string | undefined;
  tooEarly: string;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="due-heading">
      <Title order={2} fz="lg" mb="sm" id="due-heading">
        Due Date
      </Title>
      <DateInput
        label="Reviews due by"
        description="Reviews are due at noon on this day."
        placeholder="MM/DD/YYYY"
        valueFormat="MM/DD/YYYY"
        dateParser={(text) => parseUsDay(text)}
        minDate={todayIso()}
        fixOnBlur={false}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the due date' }}
        required
        maw={320}
        value={ISO_DAY.test(value) ? value : null}
        onChange={(next) => onChange(next ?? '')}
        onBlur={(event) => {
          const text = event.currentTarget.value.trim();
          onChange(text ? (parseUsDay(text) ?? text) : '');
        }}
        error={
          error ??
          (value && !ISO_DAY.test(value)
            ? MESSAGES.dateFormat
            : value && !isDueDateOk(value)
              ? tooEarly
              : undefined)
        }
      />
    </Card>
  );
}

/** The requests chosen to go into review: all the choosable ones to begin with. */
export function useChosenRequests(choosable: readonly number[]) {
  const [chosen, setChosen] = useState<number[]>(() => [...choosable]);
  const all = choosable.length > 0 && chosen.length === choosable.length;
  return {
    chosen,
    /** The header's checkbox: every choosable request, or none. */
    allProps: {
      checked: all,
      disabled: choosable.length === 0,
      indeterminate: chosen.length > 0 && !all,
      onChange: () => setChosen(all ? [] : [...choosable]),
    },
    /** A row's checkbox. */
    rowProps: (id: number) => ({
      checked: chosen.includes(id),
      disabled: !choosable.includes(id),
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        const checked = event.currentTarget.checked;
        setChosen((previous) => (checked ? [...previous, id] : previous.filter((other) => other !== id)));
      },
    }),
  };
}

/** With nothing applicable the user goes home with the cycle's notice (staff §2.4). */
export function useLeaveWhenNothingToReview(empty: boolean, message: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!empty) return;
    notifications.show({
      color: 'blue',
      message,
      autoClose: false,
      closeButtonProps: { 'aria-label': 'Close' },
    });
    void navigate('/', { replace: true });
  }, [empty, message, navigate]);
}
