import { Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';

export interface EmailFields {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
}

/** A network's e-mail to the reviewers on Begin Review. */
export interface ReviewEmailConfig {
  help: string;
  /**
   * The error key of the recipients, when the e-mail names them (To, Cc, Bcc): their error
   * replaces the form's summary. Without it the server addresses each assigned reviewer.
   */
  recipients?: string;
  /** The error keys of the subject and the message, where the server answers them by field. */
  subjectError?: string;
  bodyError?: string;
  messageRows: number;
  /** The e-mail may be sent. */
  ready: (email: EmailFields) => boolean;
  /** The e-mail as the move's body carries it. */
  body: (email: EmailFields) => Partial<EmailFields>;
}

const errorOf = (errors: Record<string, string>, key: string | undefined) =>
  key === undefined ? undefined : errors[key];

/** The e-mail card of Begin Review: the draft, editable, sent with the move. */
export function ReviewEmailCard({
  config,
  email,
  onChange,
  errors,
}: {
  config: ReviewEmailConfig;
  email: EmailFields;
  onChange: (change: (previous: EmailFields) => EmailFields) => void;
  errors: Record<string, string>;
}) {
  const set = (key: keyof EmailFields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    onChange((previous) => ({ ...previous, [key]: value }));
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="email-heading">
      <Title order={2} fz="lg" mb="xs" id="email-heading">
        E-mail to the Reviewers
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {config.help}
      </Text>
      <Stack>
        {config.recipients && (
          <>
            <TextInput
              label="To"
              description="Separate addresses with spaces or commas"
              value={email.to}
              onChange={set('to')}
              required
              error={errors[config.recipients]}
            />
            <Group grow align="flex-start">
              <TextInput label="Cc" value={email.cc} onChange={set('cc')} />
              <TextInput label="Bcc" value={email.bcc} onChange={set('bcc')} />
            </Group>
          </>
        )}
        <TextInput
          label="Subject"
          value={email.subject}
          onChange={set('subject')}
          required
          error={errorOf(errors, config.subjectError)}
        />
        <Textarea
          label="Message"
          value={email.body}
          onChange={set('body')}
          autosize
          minRows={config.messageRows}
          required
          error={errorOf(errors, config.bodyError)}
        />
      </Stack>
    </Card>
  );
}
