import { Alert, Card, Loader, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HistoryEntryDto, InstitutionDto, ProjectDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { useProjectHistory } from '../api/projects';

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  abstract: 'abstract',
  publicTitle: 'public title',
  public_title: 'public title',
  publicAbstract: 'public abstract',
  public_abstract: 'public abstract',
  latestIrbId: 'IRB',
  latest_irb: 'IRB',
  ownerId: 'Principal Investigator',
  owner: 'Principal Investigator',
  team: 'research team',
};

/** Who made a change, with (PI) for the project's PI and (SBSO) for its institution's signing official. */
export function modifierLabel(
  entry: HistoryEntryDto,
  ownerId: number | null,
  officialId: number | null,
): string {
  const modifier = entry.modifier;
  if (!modifier || typeof modifier !== 'object') return 'System';
  const suffix =
    modifier.id === ownerId ? ' (PI)' : officialId !== null && modifier.id === officialId ? ' (SBSO)' : '';
  return `${modifier.full_name || modifier.email}${suffix}`;
}

/** The project's history as a timeline, oldest first: 'Created by', then 'Modified by' (researcher §2). */
export function AuditTrail({ project }: { project: ProjectDto }) {
  const history = useProjectHistory(project.id, true);
  const institutionId =
    project.institution === null
      ? null
      : typeof project.institution === 'object'
        ? project.institution.id
        : project.institution;
  const institution = useQuery({
    queryKey: ['institution', institutionId],
    queryFn: () => apiFetch<InstitutionDto>(`institution/${institutionId}/`, { handleStatus: [403, 404] }),
    enabled: institutionId !== null,
    retry: false,
  });
  const ownerId = typeof project.owner === 'object' ? project.owner.id : project.owner;
  const officialId =
    institution.data?.current_io === null || institution.data?.current_io === undefined
      ? null
      : typeof institution.data.current_io === 'object'
        ? institution.data.current_io.id
        : institution.data.current_io;
  const entries = [...(history.data?.results ?? [])].sort((a, b) => a.version - b.version);

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="md">
        Audit Trail
      </Title>
      {history.isError && <Alert color="red">The audit trail could not be loaded.</Alert>}
      {history.isPending && <Loader size="sm" aria-label="Loading the audit trail" />}
      {history.data && entries.length === 0 && <Text size="sm">No changes recorded.</Text>}
      {entries.length > 0 && (
        <Timeline active={entries.length - 1} bulletSize={18} lineWidth={2}>
          {entries.map((entry, index) => {
            const fields = entry.changed_fields
              .map((field) => FIELD_LABELS[field])
              .filter((label): label is string => Boolean(label));
            return (
              <Timeline.Item
                key={entry.id}
                title={`${index === 0 && entry.action === 'create' ? 'Created by' : entry.action === 'delete' ? 'Deleted by' : 'Modified by'} ${modifierLabel(entry, ownerId, officialId)}`}
              >
                <Text size="xs" c="gray.7">
                  {new Date(entry.modified).toLocaleString('en-US')}
                </Text>
                {index > 0 && fields.length > 0 && (
                  <Text size="sm">Changed: {[...new Set(fields)].join(', ')}</Text>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}
