import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { FOCUS_HEADING } from './page';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '@rrp/domain';
import { TermsLink } from '@/components/terms-link';
import { apiFetch, ApiError } from '@/lib/api-client';
import { SUPPORT_EMAIL } from '@/lib/config';
import { activeRoleFor, useSession } from '@/lib/session';
import { useBotCheck } from '@/lib/bot-check';
import { UntilHydrated } from './until-hydrated';
import { fetchAffiliation, postLoginPath } from '@/lib/affiliation';

/**
 * The sign-in rules come with the schema library, which the sign-in page does not need to paint:
 * they load once the person starts on the form and are awaited on submit (issue 15: loading them
 * with the page kept its main thread busy while it became interactive). Only the sign-in schema
 * (and zod): the whole schema barrel pulled in about 130 chunks, screens among them.
 */
const loadLoginSchema = () => import('@rrp/domain/schemas/auth').then((schemas) => schemas.loginSchema);

interface Values {
  email: string;
  password: string;
  agreed_to_terms: boolean;
}

async function resendVerification(userId: number) {
  try {
    await apiFetch(`resend-verification/${userId}/`, { handleStatus: [429] });
    notifications.show({
      color: 'green',
      title: MESSAGES.verificationSent,
      message: 'It should arrive within 10 minutes. Follow the link in it to verify your account.',
    });
  } catch {
    notifications.show({
      color: 'red',
      title: 'There was an issue sending the email',
      message: `Please contact ${SUPPORT_EMAIL}.`,
    });
  }
}

/** The sign-in form (foundation §2) with the login error modals of foundation §8. */
export function SignInForm({ next = '/' }: { next?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const bot = useBotCheck('login');
  const form = useForm<Values>({
    initialValues: { email: '', password: '', agreed_to_terms: false },
  });

  async function submit(values: Values): Promise<void> {
    const result = (await loadLoginSchema()).safeParse(values);
    if (!result.success) {
      form.setErrors(
        Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    await attempt(values);
  }

  async function attempt(values: Values): Promise<void> {
    setServerError(null);
    try {
      const { token } = await apiFetch<{ token: string }>('api-token-auth/', {
        method: 'POST',
        body: {
          email: values.email.trim(),
          password: values.password,
          agreed_to_terms: values.agreed_to_terms,
          ...(await bot.answer()),
        },
        handleStatus: [429],
      });
      const user = await session.signIn(token);
      const role = activeRoleFor(user);
      const affiliation = await fetchAffiliation(user, { token, role }).catch(() => ({
        link: null,
        institution: null,
      }));
      // Screen-reader and keyboard users start on the new page's heading (decision 130).
      navigate(postLoginPath(user, role, affiliation) ?? next, {
        replace: true,
        state: { [FOCUS_HEADING]: true },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) return setServerError(MESSAGES.unexpectedError);
      if (error.status === 429)
        return setServerError('Too many sign-in attempts. Please wait a minute and try again.');
      explain(error, values);
    }
  }

  function explain(error: ApiError, values: Values) {
    switch (error.code) {
      case 'RECAPTCHA_FAILED':
        bot.fallBack();
        setServerError(MESSAGES.recaptchaFailed);
        return;
      case 'TERMS_SERVICES':
        modals.openConfirmModal({
          title: 'Our Terms of Service Have Changed',
          children: (
            <Text size="sm">
              Please review the <TermsLink /> and agree to them to continue.
            </Text>
          ),
          labels: { confirm: 'Agree', cancel: 'Cancel' },
          onConfirm: () => {
            form.setFieldValue('agreed_to_terms', true);
            void attempt({ ...values, agreed_to_terms: true });
          },
        });
        return;
      case 'NO_PASSWORD':
        modals.openConfirmModal({
          title: 'Welcome',
          children: (
            <Text size="sm">
              We have moved to a new portal. To sign in for the first time, please set a new password: we will
              e-mail you a link to do so.
            </Text>
          ),
          labels: { confirm: 'Set my password', cancel: 'Cancel' },
          onConfirm: () => navigate('/reset-password', { state: { email: values.email } }),
        });
        return;
      case 'ACCOUNT_UNVERIFIED': {
        const userId = typeof error.body.user_id === 'number' ? error.body.user_id : null;
        modals.openConfirmModal({
          title: 'Your account is unverified',
          children: (
            <Text size="sm">
              Please follow the link in the verification e-mail we sent you. Did not get it?
            </Text>
          ),
          labels: { confirm: 'Resend Verification Email', cancel: 'Close' },
          onConfirm: () => userId !== null && void resendVerification(userId),
        });
        return;
      }
      case 'INVALID_INSTITUTION':
        modals.open({
          title: 'Invalid Institution',
          children: (
            <Text size="sm">
              It seems you are no longer a member of your institution. Please contact {SUPPORT_EMAIL} to
              update your account.
            </Text>
          ),
        });
        return;
      default:
        form.setErrors(
          Object.fromEntries(Object.entries(error.fieldErrors).filter(([key]) => key in values)),
        );
        setServerError(error.summary);
    }
  }

  return (
    <form
      onSubmit={form.onSubmit(submit)}
      onFocus={() => void loadLoginSchema()}
      noValidate
      aria-label="Sign in"
    >
      {/* The prerendered sign-in page (issue 15) is operable once the app has taken it over. */}
      <UntilHydrated>
        <Stack gap="sm">
          {serverError && (
            <Alert color="red" role="alert" title="Could not sign in">
              {serverError}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Checkbox
            label={
              <>
                I agree to the <TermsLink />
              </>
            }
            {...form.getInputProps('agreed_to_terms', { type: 'checkbox' })}
          />
          {bot.widget}
          <Button type="submit" loading={form.submitting} disabled={bot.waitingForChallenge}>
            Sign In
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
        </Stack>
      </UntilHydrated>
    </form>
  );
}
