import { Button, Card, Stack, Text } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { SUPPORT_EMAIL } from '@/lib/config';

type From = '/register' | '/reset-password' | '/institution-details';

/** /verify: what happens next, by where the user came from (foundation §2). */
export default function VerifyScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as { from?: From; email?: string };
  const reason = params.get('reason');
  const to = state.email ? <strong>{state.email}</strong> : 'your address';

  let title = 'Check Your Email';
  let body: React.ReactNode;
  if (state.from === '/reset-password') {
    body = <Text>We have sent an e-mail to {to} with instructions to reset your password.</Text>;
  } else if (state.from === '/institution-details' || reason === 'pr_add_sbso') {
    title = 'Thank You';
    body = (
      <Stack>
        <Text>
          The foundation will review the institution and follow up with its signing official. Until then the
          institution shows as unconfirmed; researchers can still submit requests.
        </Text>
        <Button component={Link} to="/" w="fit-content">
          Continue
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="xs">
        <Text>
          Thank you for registering. We have sent an e-mail to {to}: please click the link in it to verify
          your account.
        </Text>
        <Text size="sm">
          The e-mail should arrive within 10 minutes. If it does not, check your spam folder or contact{' '}
          {SUPPORT_EMAIL}.
        </Text>
      </Stack>
    );
  }
  return (
    <Page title={title}>
      <Card withBorder padding="xl" maw={640}>
        {body}
      </Card>
    </Page>
  );
}
