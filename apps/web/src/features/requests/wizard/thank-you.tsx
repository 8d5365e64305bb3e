import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { RequestDto } from '@rrp/domain';
import { SUPPORT_EMAIL } from '@/lib/config';

/** What the researcher reads once the request is filed. */
export function ThankYou({ request, email }: { request: RequestDto; email: string }) {
  return (
    <Paper withBorder p="xl" radius="sm" maw={720}>
      <Stack gap="md">
        <Title order={2} fz="xl">
          Thank you for your request
        </Title>
        <Text>
          Your request {request.portal_request_id} has been submitted. A confirmation has been sent to{' '}
          <strong>{email}</strong>.
        </Text>
        <Text>
          If you have any questions, please contact <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </Text>
        <Button component={Link} to={`/request/${request.id}`} w="fit-content" reloadDocument={false}>
          View Request Status
        </Button>
      </Stack>
    </Paper>
  );
}
