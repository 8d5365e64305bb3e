import { Button, Checkbox, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MESSAGES, feedbackSchema } from '@rrp/domain';
import { Page } from '@/components/page';
import { openDisplayModal, openErrorModal } from '@/components/modals';
import { ApiError } from '@/lib/api-client';
import { useBotCheck } from '@/lib/bot-check';
import { useSession } from '@/lib/session';
import { useSendFeedback } from '../api/feedback';

/** What the 'Error' modal says when the server gave no message of its own. */
const UNEXPECTED = 'There was an issue sending the email';

/**
 * The feedback form (staff §2.14, §5, §8), signed in or out: the text, whether a reply is wanted
 * and where to. It goes to support by e-mail; 'Thank You' on success, the 'Error' modal with the
 * server's message otherwise.
 */
export default function FeedbackScreen() {
  const { user } = useSession();
  const send = useSendFeedback();
  const bot = useBotCheck('feedback');
  const form = useForm({
    initialValues: { body: '', reply_wanted: false, contact_email: user?.email ?? '' },
    validate: (values) => {
      const checked = feedbackSchema.safeParse({ feedback: true, ...values });
      if (checked.success) return {};
      return Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    },
  });

  const submit = form.onSubmit(async (values) => {
    const answer = await bot.answer();
    try {
      await send.mutateAsync({
        feedback: true,
        body: values.body,
        reply_wanted: values.reply_wanted,
        contact_email: values.reply_wanted ? values.contact_email : '',
        recaptcha_token: answer.recaptcha,
        is_v2: answer.is_v2,
      });
      form.reset();
      openDisplayModal({ title: FEEDBACK_MESSAGES.thankYou, children: FEEDBACK_MESSAGES.thankYouBody });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.code === 'RECAPTCHA_FAILED') bot.fallBack();
      const fields = caught.fieldErrors;
      if (caught.status === 400 && (fields.body || fields.contact_email)) form.setErrors(fields);
      else openErrorModal({ title: FEEDBACK_MESSAGES.error, children: caught.summary || UNEXPECTED });
    }
  });

  return (
    <Page title="Feedback">
      <form onSubmit={submit} noValidate aria-label="Feedback">
        <Stack gap="md" maw={640}>
          <Text size="sm">
            Tell us what works, what does not, or what you miss. Your message goes to our support team.
          </Text>
          <Textarea
            label="Feedback"
            required
            autosize
            minRows={5}
            maxLength={FEEDBACK_MAX_LENGTH}
            {...form.getInputProps('body')}
          />
          <Checkbox
            label="I would like a reply"
            {...form.getInputProps('reply_wanted', { type: 'checkbox' })}
          />
          {form.values.reply_wanted ? (
            <TextInput
              label="Contact email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('contact_email')}
            />
          ) : null}
          {bot.widget}
          <Button
            type="submit"
            w="fit-content"
            loading={form.submitting || send.isPending}
            disabled={bot.waitingForChallenge}
          >
            Send Feedback
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
