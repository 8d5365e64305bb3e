import { Card, Text, Title } from '@mantine/core';
import type { ResearchTeamMemberDto } from '@rrp/domain';
import { AuditTrail } from '@/components/history';
import { refId } from '@/lib/request-rules';
import { useRequestTeam, type RequestView } from '../api/requests';
import { RequestTeamTable } from './request-tabs';

/** The request's history (researcher §2): the shared audit trail, then the team on the request. */
export function RequestAuditTrail({ request }: { request: RequestView }) {
  const team = useRequestTeam(refId(request.project));
  const members = new Map<number, ResearchTeamMemberDto>();
  for (const member of team.data?.results ?? [])
    if (member.user_id !== null) members.set(member.user_id, member);

  return (
    <AuditTrail model="request" objectId={request.id}>
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="md">
          Team Members
        </Title>
        {(request.access_control_list ?? []).length === 0 ? (
          <Text size="sm">No team members selected.</Text>
        ) : (
          <RequestTeamTable rows={request.access_control_list ?? []} members={members} />
        )}
      </Card>
    </AuditTrail>
  );
}
