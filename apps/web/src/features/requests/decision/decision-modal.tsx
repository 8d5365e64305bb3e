import { useId, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Radio,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconPaperclip, IconX } from '@tabler/icons-react';
import type { DecisionEmail, DecisionOptionDto, RequestDecisions, RequestDto } from '@rrp/domain';
import { ApiError, CancelledError } from '@/lib/api-client';
import { useDecisionEmail, useDecisions, useSubmitDecision, uploadDecisionDocument } from './api';
import {
  ATTACHMENT_TYPES,
  canContinue,
  canSend,
  decisionPayload,
  DECISION_TEXT,
  errorLines,
  MAX_ATTACHMENTS,
  maySkipEmail,
  showTeamGaps,
  type Attachment,
  type ComposedEmail,
} from './rules';

/** Text colours that pass the contrast check on white and on the light alert backgrounds. */
const READABLE_ALERT = { title: { color: 'var(--mantine-color-text)' } };

type Request = Pick<RequestDto, 'id' | 'portal_request_id' | 'status_name'>;

/** The lines of a failed call: a 400's messages, else its summary. */
function failure(error: unknown): string[] {
  if (error instanceof ApiError) {
    const lines = errorLines(error.body);
    return lines.length > 0 ? lines : [error.summary];
  }
  return [error instanceof Error ? error.message : String(error)];
}

function ErrorList({ lines, title }: { lines: string[]; title: string }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap={2}>
        {lines.map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** The first step: the decisions open to the caller, and the team's gaps when they matter. */
function ChooseStep({
  decisions,
  chosen,
  onChoose,
  onCancel,
  onContinue,
}: {
  decisions: RequestDecisions;
  chosen: number | null;
  onChoose: (status: number) => void;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const { options } = decisions;
  return (
    <Stack>
      <Text size="sm">
        Current status: <strong>{decisions.status_name}</strong>
      </Text>
      {options.length === 0 ? (
        <Alert color="gray" variant="light">
          <Text size="sm">{DECISION_TEXT.noOptions}</Text>
        </Alert>
      ) : (
        <Radio.Group
          label={DECISION_TEXT.decision}
          value={chosen === null ? null : String(chosen)}
          onChange={(value) => onChoose(Number(value))}
        >
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Radio
                key={option.status}
                value={String(option.status)}
                label={option.action === option.name ? option.name : `${option.action} (${option.name})`}
                description={option.email === 'required' ? DECISION_TEXT.required : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {showTeamGaps(decisions) && (
        <Alert color="yellow" variant="light" title={DECISION_TEXT.teamTitle} styles={READABLE_ALERT}>
          <Stack gap={6}>
            <Text size="sm">{DECISION_TEXT.teamIntro}</Text>
            <List size="sm" spacing={2}>
              {decisions.team.missing.map((gap) => (
                <List.Item key={`${gap.user_id ?? gap.display_name}`}>
                  <strong>{gap.display_name}</strong>: {gap.reasons.join('; ')}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {DECISION_TEXT.cancel}
        </Button>
        <Button onClick={onContinue} disabled={!canContinue(options, chosen)}>
          {DECISION_TEXT.continue}
        </Button>
      </Group>
    </Stack>
  );
}

/** The second step: the decision's e-mail, prefilled from its template, with attachments. */
function ComposeStep({
  request,
  option,
  onBack,
  onDone,
}: {
  request: Request;
  option: DecisionOptionDto;
  onBack: () => void;
  onDone: (updated: RequestDto, emailed: boolean) => void;
}) {
  const template = useDecisionEmail(request.id, option.status);
  if (template.isError)
    return (
      <Stack>
        <ErrorList title={DECISION_TEXT.failed} lines={failure(template.error)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            {DECISION_TEXT.back}
          </Button>
        </Group>
      </Stack>
    );
  if (!template.data)
    return (
      <Stack gap="xs" aria-busy>
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm" role="status">
            Preparing the e-mail…
          </Text>
        </Group>
        <Skeleton h={180} />
      </Stack>
    );
  return (
    <EmailForm request={request} option={option} template={template.data} onBack={onBack} onDone={onDone} />
  );
}

function EmailForm({
  request,
  option,
  template,
  onBack,
  onDone,
}: {
  request: Request;
  option: DecisionOptionDto;
  template: DecisionEmail;
  onBack: () => void;
  onDone: (updated: RequestDto, emailed: boolean) => void;
}) {
  const submit = useSubmitDecision(request.id);
  const [email, setEmail] = useState<ComposedEmail>(() => ({
    to: template.to.join(', '),
    cc: template.cc.join(', '),
    bcc: template.bcc.join(', '),
    subject: template.subject,
    body: template.body,
  }));
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const hintId = useId();

  const set =
    (field: keyof ComposedEmail) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setEmail((current) => ({ ...current, [field]: value }));
    };

  const upload = (files: File[]) => {
    const room = MAX_ATTACHMENTS - attachments.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      setAttachments((current) => [...current, { key, name: file.name, state: 'uploading' }]);
      uploadDecisionDocument(request.id, file).then(
        (stored) =>
          setAttachments((current) =>
            current.map((entry) =>
              entry.key === key ? { ...entry, state: 'ready', fileId: stored.id } : entry,
            ),
          ),
        (error: unknown) =>
          setAttachments((current) =>
            current.map((entry) =>
              entry.key === key ? { ...entry, state: 'failed', error: failure(error).join(' ') } : entry,
            ),
          ),
      );
    }
  };

  const decide = async (withEmail: boolean) => {
    setErrors([]);
    try {
      const updated = await submit.mutateAsync(
        decisionPayload(option.status, withEmail ? email : null, attachments),
      );
      onDone(updated, withEmail);
    } catch (error) {
      if (!(error instanceof CancelledError)) setErrors(failure(error));
    }
  };

  const sendable = canSend(email.to, attachments);
  const uploading = attachments.some((file) => file.state === 'uploading');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (sendable) void decide(true);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Decision: <strong>{option.name}</strong>.{' '}
          {option.email === 'required' ? DECISION_TEXT.required : DECISION_TEXT.optional}
        </Text>
        <TextInput
          label="To"
          description="Separate addresses with a space or a comma."
          value={email.to}
          onChange={set('to')}
          error={email.to.trim() === '' ? DECISION_TEXT.noRecipients : undefined}
        />
        <Group grow align="flex-start">
          <TextInput label="Cc" value={email.cc} onChange={set('cc')} />
          <TextInput label="Bcc" value={email.bcc} onChange={set('bcc')} />
        </Group>
        <TextInput label="Subject" value={email.subject} onChange={set('subject')} />
        <Textarea label="Message" rows={9} resize="vertical" value={email.body} onChange={set('body')} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${hintId}-label`}>
            Attachments
          </Text>
          <Dropzone
            onDrop={upload}
            accept={ATTACHMENT_TYPES}
            maxFiles={MAX_ATTACHMENTS}
            multiple
            disabled={attachments.length >= MAX_ATTACHMENTS}
            aria-labelledby={`${hintId}-label`}
            aria-describedby={hintId}
            onReject={(rejections) =>
              setAttachments((current) => [
                ...current,
                ...rejections.map((rejection) => ({
                  key: `${rejection.file.name}-rejected-${Math.random().toString(36).slice(2)}`,
                  name: rejection.file.name,
                  state: 'failed' as const,
                  error: rejection.errors.map((entry) => entry.message).join(' '),
                })),
              ])
            }
          >
            <Group justify="center" gap="sm" mih={64} style={{ pointerEvents: 'none' }}>
              <IconFileUpload size={24} aria-hidden />
              <Text size="sm" c="gray.7" id={hintId}>
                {DECISION_TEXT.attachHint}
              </Text>
            </Group>
          </Dropzone>
          {attachments.length > 0 && (
            <Stack gap={4} aria-label="Attached files" role="list">
              {attachments.map((file) => (
                <Group key={file.key} gap="xs" wrap="nowrap" role="listitem">
                  {file.state === 'uploading' ? (
                    <Loader size={14} aria-hidden />
                  ) : (
                    <IconPaperclip size={16} aria-hidden />
                  )}
                  <Text size="sm" c={file.state === 'failed' ? 'red.8' : undefined} style={{ flex: 1 }}>
                    {file.name}
                    {file.state === 'uploading' && ' (uploading…)'}
                    {file.state === 'failed' && ` — not attached: ${file.error ?? 'upload failed'}`}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${file.name}`}
                    disabled={file.state === 'uploading'}
                    onClick={() =>
                      setAttachments((current) => current.filter((entry) => entry.key !== file.key))
                    }
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          {uploading && (
            <Text size="xs" c="gray.7" role="status">
              {DECISION_TEXT.uploading}
            </Text>
          )}
        </Stack>
        <ErrorList title={DECISION_TEXT.failed} lines={errors} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={submit.isPending}>
            {DECISION_TEXT.back}
          </Button>
          <Group gap="xs">
            {maySkipEmail(option) && (
              <Button variant="light" onClick={() => void decide(false)} disabled={submit.isPending}>
                {DECISION_TEXT.skip}
              </Button>
            )}
            <Button type="submit" disabled={!sendable} loading={submit.isPending}>
              {DECISION_TEXT.send}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

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
  request: Request;
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
