import { useId, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileUpload, IconPaperclip, IconX } from '@tabler/icons-react';
import type { DecisionEmail, DecisionOptionDto, RequestDto } from '@rrp/domain';
import { CancelledError } from '@/lib/api-client';
import { useDecisionEmail, useSubmitDecision, uploadDecisionDocument } from './api';
import { ErrorList, failure } from './decision-errors';
import {
  ATTACHMENT_TYPES,
  canSend,
  decisionPayload,
  DECISION_TEXT,
  MAX_ATTACHMENTS,
  maySkipEmail,
  type Attachment,
  type ComposedEmail,
} from './rules';

export type DecisionRequest = Pick<RequestDto, 'id' | 'portal_request_id' | 'status_name'>;
/** The second step: the decision's e-mail, prefilled from its template, with attachments. */
export function ComposeStep({
  request,
  option,
  onBack,
  onDone,
}: {
  request: DecisionRequest;
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
  request: DecisionRequest;
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
