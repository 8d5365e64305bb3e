import { Card, Divider, Stack, Title } from '@mantine/core';
import { can } from '@rrp/domain';
import { useActor } from '@/lib/use-can';
import type { RequestView } from '../api/requests';
import { ReviewersSection } from './reviewers-section';
import { CommentsSection } from './comments-section';
import { ZendeskSection } from './zendesk-section';

/**
 * The staff panel of a request (staff §3, §6): reviewers, comments (admins and project managers)
 * and Zendesk tickets. Each part shows when the permission table grants it to the active role.
 */
export function StaffPanel({ request }: { request: RequestView }) {
  const actor = useActor();
  const showReviewers = request.review_users !== undefined;
  const editReviewers = can(actor, 'update', 'RequestReviewer');
  const showComments = can(actor, 'list', 'RequestComment');
  const showZendesk = request.zendesk_ticket_ids !== undefined && can(actor, 'update', 'ZendeskTicket');
  if (!showReviewers && !showComments && !showZendesk) return null;
  const parts = [
    showReviewers && <ReviewersSection key="reviewers" request={request} canEdit={editReviewers} />,
    showComments && (
      <CommentsSection
        key="comments"
        requestId={request.id}
        canAdd={can(actor, 'create', 'RequestComment')}
      />
    ),
    showZendesk && (
      <ZendeskSection key="zendesk" requestId={request.id} savedIds={request.zendesk_ticket_ids ?? []} />
    ),
  ].filter(Boolean);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="staff-panel-heading">
      <Title order={2} fz="lg" mb="sm" id="staff-panel-heading">
        Staff Panel
      </Title>
      <Stack gap="lg">
        {parts.flatMap((part, index) =>
          index === 0 ? [part] : [<Divider key={`divider-${index}`} />, part],
        )}
      </Stack>
    </Card>
  );
}
