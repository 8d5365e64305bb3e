import { useState } from 'react';
import { Alert, Anchor, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ALREADY_VERIFIED } from '@rrp/domain';
import { SignInForm } from '@/components/sign-in-form';
import { useSession } from '@/lib/session';

/** Only same-site paths are followed after sign-in. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignInCard({ next, headingOrder = 2 }: { next: string; headingOrder?: 1 | 2 }) {
  const [params] = useSearchParams();
  return (
    <Card withBorder padding="xl" radius="md" shadow="xs">
      <Stack>
        <Title order={headingOrder} fz="xl">
          Sign in
        </Title>
        {params.get('redirect') === 'email_verified' && (
          <Alert color="green" role="status" title="Your account is verified">
            Thank you for verifying your e-mail address. You can now sign in.
          </Alert>
        )}
        {params.get('redirect') === 'already_verified' && (
          <Alert color="blue" role="status" title={ALREADY_VERIFIED}>
            This verification link was used before. Sign in with your e-mail address and password.
          </Alert>
        )}
        <SignInForm next={next} />
        <Text size="sm">
          New here?{' '}
          <Anchor component={Link} to="/register">
            Create an Account
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}

export default function LoginScreen() {
  const { token } = useSession();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // Someone already signed in skips the form; a fresh sign-in is routed by the form itself.
  const [signedInOnArrival] = useState(() => token !== null);
  if (signedInOnArrival) return <Navigate to={next} replace />;
  return (
    <Grid justify="center">
      <Grid.Col span={{ base: 12, sm: 8, md: 5 }}>
        <SignInCard next={next} headingOrder={1} />
      </Grid.Col>
    </Grid>
  );
}
