import { Card, Text } from '@mantine/core';
import { Page } from '@/components/page';
import { SUPPORT_EMAIL } from '@/lib/config';

/** An expired verification link: a new e-mail is already on its way. */
export default function VerificationNotificationScreen() {
  return (
    <Page title="Verification Link Expired">
      <Card withBorder padding="xl" maw={640}>
        <Text>
          The verification code has expired and a new email was sent. Please follow the link in the new
          e-mail; it should arrive within 10 minutes. If it does not, contact {SUPPORT_EMAIL}.
        </Text>
      </Card>
    </Page>
  );
}
