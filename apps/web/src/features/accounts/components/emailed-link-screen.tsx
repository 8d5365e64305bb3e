import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type SessionUserDto } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { meQueryKey, useSession } from '@/lib/session';

type Outcome =
  | { status: 'pending' }
  | { status: 'done'; email: string }
  | { status: 'failed'; message: string; expired: boolean };

/** What one kind of e-mailed address link says and where it posts its token. */
export interface EmailedLink {
  /** The API path the token is posted to; it answers `{ email }`. */
  path: string;
  title: string;
  loaderLabel: string;
  doneTitle: string;
  doneText: (email: string) => string;
  failedTitle: string;
  /** Where the screen sends the person afterwards, by whether they are signed in. */
  next: (user: SessionUserDto | null) => { to: string; label: string };
}

/**
 * The screen an e-mailed address link (`?token=`) lands on: it posts the token once, not on
 * every render, and says whether the address was proved.
 */
export function EmailedLinkScreen({ link }: { link: EmailedLink }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { status: 'pending' } : { status: 'failed', message: MESSAGES.tokenNotVerified, expired: false },
  );
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    apiFetch<{ email: string }>(link.path, { method: 'POST', body: { token }, handleStatus: [429] })
      .then((result) => {
        setOutcome({ status: 'done', email: result.email });
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
  }, [token, queryClient, link.path]);

  const next = link.next(user ?? null);
  return (
    <Page title={link.title}>
      <Stack maw={640}>
        {outcome.status === 'pending' && (
          <Center py="xl">
            <Loader aria-label={link.loaderLabel} />
          </Center>
        )}
        {outcome.status === 'done' && (
          <Alert color="green" role="status" title={link.doneTitle}>
            {link.doneText(outcome.email)}
          </Alert>
        )}
        {outcome.status === 'failed' && (
          <Alert color={outcome.expired ? 'yellow' : 'red'} role="alert" title={link.failedTitle}>
            {outcome.message}
          </Alert>
        )}
        {outcome.status !== 'pending' && (
          <Button component={Link} to={next.to} variant="light" w="fit-content">
            {next.label}
          </Button>
        )}
      </Stack>
    </Page>
  );
}
