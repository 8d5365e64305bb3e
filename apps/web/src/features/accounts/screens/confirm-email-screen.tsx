import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { meQueryKey, useSession } from '@/lib/session';

type Outcome =
  | { status: 'confirming' }
  | { status: 'confirmed'; email: string }
  | { status: 'failed'; message: string; expired: boolean };

/**
 * The link e-mailed to a new sign-in address lands here (decision 307). Signed in or not: the
 * link alone proves the mailbox. The link is posted once, not on every render.
 */
export default function ConfirmEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(
    token
      ? { status: 'confirming' }
      : { status: 'failed', message: MESSAGES.tokenNotVerified, expired: false },
  );
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    apiFetch<{ email: string }>('confirm-email/', { method: 'POST', body: { token }, handleStatus: [429] })
      .then((result) => {
        setOutcome({ status: 'confirmed', email: result.email });
        void queryClient.invalidateQueries({ queryKey: ['user'] });
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      })
      .catch((error: unknown) => {
        const message =
          error instanceof ApiError
            ? (error.fieldErrors.token ?? error.fieldErrors.email ?? error.summary)
            : MESSAGES.unexpectedError;
        setOutcome({
          status: 'failed',
          message,
          expired: error instanceof ApiError && error.code === 'TOKEN_EXPIRED',
        });
      });
  }, [token, queryClient]);

  return (
    <Page title="Confirm Your New Email Address">
      <Stack maw={640}>
        {outcome.status === 'confirming' && (
          <Center py="xl">
            <Loader aria-label="Confirming your new email address" />
          </Center>
        )}
        {outcome.status === 'confirmed' && (
          <Alert color="green" role="status" title="Email address changed">
            {outcome.email} is now the sign-in address of the account. Use it the next time you sign in.
          </Alert>
        )}
        {outcome.status === 'failed' && (
          <Alert color={outcome.expired ? 'yellow' : 'red'} role="alert" title="The address was not changed">
            {outcome.message}
          </Alert>
        )}
        {outcome.status !== 'confirming' && (
          <Button component={Link} to={user ? '/my-profile' : '/login'} variant="light" w="fit-content">
            {user ? 'Go to My Profile' : 'Sign in'}
          </Button>
        )}
      </Stack>
    </Page>
  );
}
