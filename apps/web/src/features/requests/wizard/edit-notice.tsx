import { Alert, Text } from '@mantine/core';
import { formatDate, formatDateTime, REQUEST_CREATED, REQUEST_STATUSES, type RequestDto } from '@rrp/domain';
import { SUPPORT_EMAIL } from '@/lib/config';

/**
 * What the owner is doing when the wizard opens an existing request (decision 128): continuing a
 * draft, or answering staff who returned it — with the e-mail that came with that decision.
 */
export function EditNotice({ request }: { request: RequestDto }) {
  if (request.status === REQUEST_CREATED)
    return (
      <Alert color="blue" title={`Continue your draft request ${request.portal_request_id}`}>
        <Text size="sm">
          Check the details, team and answers, then submit it from the Review step. Until then it stays a
          draft that only you can see.
        </Text>
      </Alert>
    );
  const status = REQUEST_STATUSES[request.status as keyof typeof REQUEST_STATUSES] ?? request.status_name;
  const message = request.decision_message;
  return (
    <Alert color="yellow" title={`${status}: what staff asked for`}>
      {message ? (
        <>
          <Text size="sm" fw={600}>
            {message.subject}
          </Text>
          <Text size="xs" c="gray.8" mb="xs">
            Sent {formatDateTime(message.sent)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.body}
          </Text>
        </>
      ) : (
        <Text size="sm">
          Staff returned this request to you
          {request.decision_date ? ` on ${formatDate(request.decision_date)}` : ''} without a message. If it
          is not clear what to change, contact <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </Text>
      )}
      <Text size="sm" mt="xs">
        Submitting your changes sends the request back to review.
      </Text>
    </Alert>
  );
}
