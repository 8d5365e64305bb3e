import { Button, Card, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/page';

/** /thank-you?reason=…: the end of an invitation declined, or of a new institution proposed. */
export default function ThankYouScreen() {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const message =
    reason === 'sbso_said_no'
      ? 'Thank you for letting us know. We have told the researcher who invited you, who will name another signing official.'
      : reason === 'pr_add_sbso'
        ? 'Thank you. The foundation will follow up with the signing official you named. Until the institution is confirmed it shows as unconfirmed; you can still submit requests.'
        : 'Thank you.';
  return (
    <Page title="Thank You">
      <Card withBorder padding="xl" maw={640}>
        <Stack>
          <Text>{message}</Text>
          <Button component={Link} to="/" w="fit-content" variant="light">
            Return To Home
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}
