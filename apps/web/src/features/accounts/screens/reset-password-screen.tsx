import { useState } from 'react';
import { Alert, Anchor, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { forgotPasswordSchema, MESSAGES, passwordMeetsCriteria } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { useBotCheck } from '@/lib/bot-check';
import { PasswordFields } from '../components/password-fields';

function RequestLink() {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const bot = useBotCheck('forgot_password');
  const form = useForm({
    initialValues: { email: (location.state as { email?: string } | null)?.email ?? '' },
    validate: (values) => {
      const result = forgotPasswordSchema.safeParse(values);
      return result.success ? {} : { email: MESSAGES.invalidEmailReset };
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await apiFetch('forgot-password/', {
        method: 'POST',
        body: { email: values.email.trim(), ...(await bot.answer()) },
        handleStatus: [429],
      });
      navigate('/verify', { state: { from: '/reset-password', email: values.email.trim() } });
    } catch (caught) {
      const botFailed = caught instanceof ApiError && caught.code === 'RECAPTCHA_FAILED';
      if (botFailed) bot.fallBack();
      setError(botFailed ? 'Recaptcha Failed' : 'There was an unexpected error.');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Request a password reset">
      <Stack>
        <Text>
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        {bot.widget}
        <Button type="submit" loading={form.submitting} w="fit-content" disabled={bot.waitingForChallenge}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirm_password: '' },
    validate: {
      password: (value) => (passwordMeetsCriteria(value) ? null : MESSAGES.passwordCriteria),
      confirm_password: (value, values) => (value === values.password ? null : MESSAGES.passwordsMismatch),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFailed(false);
    try {
      await apiFetch('reset-password/', { method: 'POST', body: { ...values, token }, handleStatus: [429] });
      navigate('/password-reset', { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400 && !caught.body.token) {
        form.setErrors(caught.fieldErrors);
      } else {
        setFailed(true);
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack>
        {failed && (
          <Alert color="red" role="alert">
            {MESSAGES.resetFailed} Please request a new password reset link{' '}
            <Anchor component={Link} to="/reset-password">
              here
            </Anchor>
            .
          </Alert>
        )}
        <PasswordFields form={form} confirmField="confirm_password" label="New password" />
        <Button
          type="submit"
          loading={form.submitting}
          w="fit-content"
          disabled={!passwordMeetsCriteria(form.values.password)}
        >
          Reset password
        </Button>
      </Stack>
    </form>
  );
}

/** /reset-password: stage one asks for the e-mail; with a token, stage two sets the new password. */
export default function ResetPasswordScreen() {
  const { token } = useParams();
  return (
    <Page title="Reset Password">
      <Card withBorder padding="xl" maw={560}>
        {token ? <ChooseNewPassword token={token} /> : <RequestLink />}
      </Card>
    </Page>
  );
}
