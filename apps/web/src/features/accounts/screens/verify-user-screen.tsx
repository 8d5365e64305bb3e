import { useEffect, useState } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, type VerifyUserResult } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';

/**
 * The e-mailed verification link lands here: verify, then sign in (or set a first password).
 * The session token the call answers is for other clients; this page keeps the spec's sign-in
 * step (decision 105).
 */
export default function VerifyUserScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [failed, setFailed] = useState(token ? false : true);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    apiFetch<VerifyUserResult>('verify-user/', {
      query: { token },
      handleStatus: [429],
    })
      .then((result) => {
        if (cancelled) return;
        // A link followed again: the account is verified already, so on to signing in (decision 132).
        if (result.already_verified) navigate('/login?redirect=already_verified', { replace: true });
        else if (result.password_set || !result.token)
          navigate('/login?redirect=email_verified', { replace: true });
        else navigate(`/reset-password/${encodeURIComponent(result.token)}`, { replace: true });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.code === 'TOKEN_EXPIRED')
          navigate('/verification-notification', { replace: true });
        else setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [token, navigate]);

  return (
    <Page title="Verify Your Account">
      {failed ? (
        <Alert color="red" role="alert" maw={640}>
          {MESSAGES.tokenNotVerified}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label="Verifying your account" />
        </Center>
      )}
    </Page>
  );
}
