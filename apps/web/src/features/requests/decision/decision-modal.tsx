import { useState } from 'react';
import { Modal, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RequestDto } from '@rrp/domain';
import { useDecisions } from './api';
import { ChooseStep } from './choose-step';
import { ComposeStep, type DecisionRequest } from './compose-step';
import { ErrorList, failure } from './decision-errors';
import { DECISION_TEXT } from './rules';

/**
 * 'Make a Decision' (staff §4.2): choose one of the decisions the workflow table opens to the
 * caller, then send (or, where optional, skip) the decision's e-mail. The page shows the new
 * status once the request is read again.
 */
export function DecisionModal({
  request,
  opened,
  onClose,
}: {
  request: DecisionRequest;
  opened: boolean;
  onClose: () => void;
}) {
  const decisions = useDecisions(request.id, opened);
  const [chosen, setChosen] = useState<number | null>(null);
  const [step, setStep] = useState<'choose' | 'compose'>('choose');
  const option = decisions.data?.options.find((entry) => entry.status === chosen) ?? null;

  const close = () => {
    setStep('choose');
    setChosen(null);
    onClose();
  };

  const done = (updated: RequestDto, emailed: boolean) => {
    notifications.show({
      color: 'green',
      title: emailed ? DECISION_TEXT.sent : DECISION_TEXT.saved,
      message: DECISION_TEXT.now(updated.status_name || option?.name || ''),
      closeButtonProps: { 'aria-label': 'Close notification' },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    });
    close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`${DECISION_TEXT.open} — ${request.portal_request_id}`}
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {decisions.isError ? (
        <ErrorList title={DECISION_TEXT.failed} lines={failure(decisions.error)} />
      ) : !decisions.data ? (
        <Stack gap="xs">
          <Skeleton h={24} />
          <Skeleton h={24} />
          <Skeleton h={24} />
        </Stack>
      ) : step === 'compose' && option ? (
        <ComposeStep request={request} option={option} onBack={() => setStep('choose')} onDone={done} />
      ) : (
        <ChooseStep
          decisions={decisions.data}
          chosen={chosen}
          onChoose={setChosen}
          onCancel={close}
          onContinue={() => setStep('compose')}
        />
      )}
    </Modal>
  );
}
