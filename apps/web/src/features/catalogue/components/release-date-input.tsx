import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { MESSAGES } from '@rrp/domain';
import { ISO_DAY, parseUsDate } from '../rules';

/**
 * The release date, typed as mm/dd/yyyy or picked from the calendar. The value is YYYY-MM-DD, ''
 * when empty, or the typed text when it is not a date.
 */
export function ReleaseDateInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <DateInput
      label="Release date"
      placeholder="MM/DD/YYYY"
      valueFormat="MM/DD/YYYY"
      dateParser={(text) => parseUsDate(text)}
      fixOnBlur={false}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the release date' }}
      required
      value={ISO_DAY.test(value) ? value : null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={(event) => {
        const text = event.currentTarget.value.trim();
        if (!text) onChange('');
        else onChange(parseUsDate(text) ?? text);
      }}
      error={error ?? (value && !ISO_DAY.test(value) ? MESSAGES.dateFormat : undefined)}
    />
  );
}
