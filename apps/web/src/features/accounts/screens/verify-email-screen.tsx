import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type EmailAddressDto } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { meQueryKey, useSession } from '@/lib/session';

type Outcome =
  | { status: 'verifying' }
  | { status: 'verified'; email: string }
  | { status: 'failed'; message: string; expired: boolean };

/**
 * The link e-mailed to an address added on My Profile lands here (decision 107). It is a
 * signed-in screen: the address is proved for the account signed in, and only if that account
 * added it. The link is posted once, not on every render.
 */
export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(
    token
      ? { status: 'verifying' }
      : { status: 'failed', message: MESSAGES.tokenNotVerified, expired: false },
  );
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    apiFetch<EmailAddressDto>('verify-email/', { method: 'POST', body: { token }, handleStatus: [429] })
      .then((address) => {
        setOutcome({ status: 'verified', email: address.email });
        void queryClient.invalidateQueries({ queryKey: ['user', user?.id] });
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
  }, [token, queryClient, user?.id]);

  return (
    <Page title="Confirm Your Email Address">
      <Stack maw={640}>
        {outcome.status === 'verifying' && (
          <Center py="xl">
            <Loader aria-label="Confirming your email address" />
          </Center>
        )}
        {outcome.status === 'verified' && (
          <Alert color="green" role="status" title="Email address confirmed">
            {outcome.email} is now confirmed on your account.
          </Alert>
        )}
        {outcome.status === 'failed' && (
          <Alert
            color={outcome.expired ? 'yellow' : 'red'}
            role="alert"
            title="The address was not confirmed"
          >
            {outcome.message}
          </Alert>
        )}
        {outcome.status !== 'verifying' && (
          <Button component={Link} to="/my-profile" variant="light" w="fit-content">
            Go to My Profile
          </Button>
        )}
      </Stack>
    </Page>
  );
}
