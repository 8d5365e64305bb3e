import { Button, Checkbox, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createWebhookSchema,
  updateWebhookSchema,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhook,
  type UpdateWebhook,
  type WebhookDto,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';

/** A new signing secret: whsec_ and 32 random bytes in base64 (Standard Webhooks' format). */
function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

interface Values {
  url: string;
  description: string;
  event_types: string[];
  secret: string;
  active: boolean;
}

/**
 * Registers or edits an endpoint. The secret is shown only here, while it is typed or generated:
 * the portal never shows it again, so the receiver's copy is made now. Editing leaves it as it is
 * unless a new one is given.
 */
export function WebhookForm({
  webhook,
  onSave,
  onCancel,
}: {
  webhook: WebhookDto | null;
  onSave: (values: CreateWebhook | UpdateWebhook) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      event_types: webhook?.event_types ?? [],
      secret: webhook ? '' : generateSecret(),
      active: webhook?.active ?? true,
    },
    validate: (values) => {
      const checked = check(values);
      if (checked.success) return {};
      return Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    },
  });

  /** The payload as the API takes it; an empty secret while editing keeps the one set. */
  function check(values: Values) {
    if (!webhook) return createWebhookSchema.safeParse(values);
    return updateWebhookSchema.safeParse({ ...values, secret: values.secret || undefined });
  }

  const submit = form.onSubmit(async (values) => {
    const checked = check(values);
    if (!checked.success) return;
    try {
      await onSave(checked.data);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) form.setErrors(caught.fieldErrors);
      else throw caught;
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={webhook ? 'Edit endpoint' : 'Add endpoint'}>
      <Stack gap="md">
        <TextInput
          label="URL"
          description="Where the portal posts its events (https)."
          placeholder="https://example.org/portal-events"
          required
          {...form.getInputProps('url')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('description')}
        />
        <Checkbox.Group label="Events" required {...form.getInputProps('event_types')}>
          <Stack gap={6} mt="xs">
            {Object.entries(WEBHOOK_EVENT_TYPES).map(([type, description]) => (
              <Checkbox key={type} value={type} label={type} description={description} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Stack gap={4}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Signing secret"
              description={
                webhook
                  ? `Set: ${webhook.secret_hint}. Leave empty to keep it.`
                  : 'Copy it to the receiver now: it is not shown again.'
              }
              required={!webhook}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('secret')}
            />
            <Button variant="default" onClick={() => form.setFieldValue('secret', generateSecret())}>
              Generate
            </Button>
          </Group>
          <Text size="xs" c="gray.7">
            Each post carries webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks).
          </Text>
        </Stack>
        <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
