import { useQuery } from '@tanstack/react-query';
import type { HistoryEntryDto, InstitutionDto, ProjectDto } from '@rrp/domain';
import { AuditTrail } from '@/components/history';
import { apiFetch } from '@/lib/api-client';

const idOf = (value: number | { id: number } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'object' ? value.id : value;

/** ' (PI)' for the project's PI and ' (SBSO)' for its institution's signing official (researcher §2). */
function modifierSuffix(entry: HistoryEntryDto, ownerId: number | null, officialId: number | null): string {
  const modifier = entry.modifier;
  if (!modifier || typeof modifier !== 'object') return '';
  return modifier.id === ownerId
    ? ' (PI)'
    : officialId !== null && modifier.id === officialId
      ? ' (SBSO)'
      : '';
}

/** The project's audit trail: 'Created by', then 'Modified by', with who the modifier is to the project. */
export function ProjectAuditTrail({ project }: { project: ProjectDto }) {
  const institutionId = idOf(project.institution);
  const institution = useQuery({
    queryKey: ['institution', institutionId],
    queryFn: () => apiFetch<InstitutionDto>(`institution/${institutionId}/`, { handleStatus: [403, 404] }),
    enabled: institutionId !== null,
    retry: false,
  });
  const ownerId = idOf(project.owner);
  const officialId = idOf(institution.data?.current_io);
  return (
    <AuditTrail
      model="project"
      objectId={project.id}
      modifierSuffix={(entry) => modifierSuffix(entry, ownerId, officialId)}
    />
  );
}
