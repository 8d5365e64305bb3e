import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { loginSchema, MESSAGES } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';

interface Values {
  email: string;
  password: string;
  agreed_to_terms: boolean;
}

/** The sign-in form (foundation §2): e-mail, password, terms agreement. */
export function SignInForm({ next = '/' }: { next?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { email: '', password: '', agreed_to_terms: false },
    validate: (values) => {
      const result = loginSchema.safeParse(values);
      if (result.success) return {};
      return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    },
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const { token } = await apiFetch<{ token: string }>('api-token-auth/', {
        method: 'POST',
        body: {
          email: values.email.trim(),
          password: values.password,
          agreed_to_terms: values.agreed_to_terms,
        },
        handleStatus: [429],
      });
      await session.signIn(token);
      navigate(next, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        setServerError('Too many sign-in attempts. Please wait a minute and try again.');
      } else if (error instanceof ApiError) {
        form.setErrors(
          Object.fromEntries(Object.entries(error.fieldErrors).filter(([key]) => key in values)),
        );
        setServerError(error.summary);
      } else {
        setServerError(MESSAGES.unexpectedError);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
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
              I agree to the{' '}
              <Anchor component={Link} to="/terms-and-conditions" target="_blank">
                Terms and Conditions
              </Anchor>
            </>
          }
          {...form.getInputProps('agreed_to_terms', { type: 'checkbox' })}
        />
        <Button type="submit" loading={form.submitting}>
          Sign In
        </Button>
        <Anchor component={Link} to="/reset-password" size="sm">
          Forgot your password?
        </Anchor>
      </Stack>
    </form>
  );
}
