import { saveResearchTeamSchema, type ResearchTeamMemberDto, type SaveResearchTeam } from '@rrp/domain';
import {
  emptyTeamRow,
  rowFromMember,
  toMemberInput,
  validateNewRows,
  type TeamRow,
} from '@/components/research-team';

/**
 * New members typed into the wizard's team step (researcher §2 step 4): the same rows, checks
 * and payload as the project page's team editor (components/research-team).
 */
export type NewMemberRow = TeamRow;

export { DUPLICATE_EMAIL as DUPLICATE_MEMBER } from '@/components/research-team';

export const emptyNewMember = (): NewMemberRow => emptyTeamRow();

/** Errors per row key and field; an e-mail already on the team (or an earlier new row) is a duplicate. */
export const newMemberErrors = (
  rows: readonly NewMemberRow[],
  members: readonly Pick<ResearchTeamMemberDto, 'email' | 'removal_date'>[],
) => validateNewRows(rows, members);

/**
 * POST research-team/ body: the whole current team (PI included; members left out would be
 * removed) plus the new rows. Answers null while a new row is invalid.
 */
export function saveTeamBody(
  projectId: number,
  members: readonly ResearchTeamMemberDto[],
  rows: readonly NewMemberRow[],
): SaveResearchTeam | null {
  const parsed = saveResearchTeamSchema.safeParse({
    project_id: projectId,
    team: [
      ...members
        .filter((member) => !member.removal_date)
        .map((member) => toMemberInput(rowFromMember(member))),
      ...rows.map(toMemberInput),
    ],
  });
  return parsed.success ? parsed.data : null;
}

/** Every message of a refused team save (nested row errors included), for the list under the table. */
export function teamSaveMessages(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}: ${value}` : value];
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      typeof item === 'string'
        ? teamSaveMessages(item, prefix)
        : teamSaveMessages(item, `${prefix ? `${prefix} ` : ''}row ${index + 1}`),
    );
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      key === 'correlation_id' || key === 'code'
        ? []
        : teamSaveMessages(
            item,
            key === 'non_field_errors' || key === 'detail' ? prefix : `${prefix ? `${prefix} ` : ''}${key}`,
          ),
    );
  return [];
}
