import {
  RESEARCH_TEAM_ROLES,
  researchTeamMemberInputSchema,
  saveResearchTeamSchema,
  type ResearchTeamMemberDto,
  type ResearchTeamMemberInput,
  type SaveResearchTeam,
} from '@rrp/domain';

/** A member typed into the team step's new-member table (researcher §2 step 4). */
export interface NewMemberRow {
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  /** A 1-based index into RESEARCH_TEAM_ROLES, as a string; '' until chosen. */
  user_role: string;
  globus_username: string;
}

/** Team roles a new member may hold (the PI's role, index 1, is reserved). */
export const NEW_MEMBER_ROLES = RESEARCH_TEAM_ROLES.map((label, index) => ({
  value: String(index + 1),
  label,
})).filter((option) => option.value !== '1');

export const DUPLICATE_MEMBER = 'This person is already on the team.';

let nextKey = 0;
export function emptyNewMember(): NewMemberRow {
  nextKey += 1;
  return {
    key: `new-${nextKey}`,
    first_name: '',
    last_name: '',
    email: '',
    user_role: '',
    globus_username: '',
  };
}

function newMemberInput(row: NewMemberRow) {
  return {
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    user_role: row.user_role,
    institution: null,
    globus_username: row.globus_username,
    active: true,
  };
}

/**
 * Errors per row key and field, by the domain's team-row schema; an e-mail already on the team (or
 * on an earlier new row) is a duplicate. Role 1 (the PI's) is not offered.
 */
export function newMemberErrors(
  rows: readonly NewMemberRow[],
  members: readonly Pick<ResearchTeamMemberDto, 'email' | 'removal_date'>[],
): Record<string, Record<string, string>> {
  const seen = new Set(
    members.filter((member) => !member.removal_date).map((member) => member.email.trim().toLowerCase()),
  );
  const errors: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    const rowErrors: Record<string, string> = {};
    const parsed = researchTeamMemberInputSchema.safeParse(newMemberInput(row));
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        rowErrors[field] ??= issue.message;
      }
    if (row.user_role === '1') rowErrors.user_role = 'Please choose a role.';
    const email = row.email.trim().toLowerCase();
    if (email && !rowErrors.email && seen.has(email)) rowErrors.email = DUPLICATE_MEMBER;
    if (email) seen.add(email);
    if (Object.keys(rowErrors).length) errors[row.key] = rowErrors;
  }
  return errors;
}

function memberInput(member: ResearchTeamMemberDto): ResearchTeamMemberInput {
  const institution =
    member.institution === null
      ? null
      : typeof member.institution === 'object'
        ? member.institution.id
        : member.institution;
  return {
    id: member.id,
    user_id: member.user_id,
    email: member.email,
    first_name: member.first_name,
    last_name: member.last_name,
    user_role: member.user_role,
    institution,
    globus_username: member.globus_username || null,
    active: member.is_pi ? true : member.active,
  };
}

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
    team: [...members.filter((member) => !member.removal_date).map(memberInput), ...rows.map(newMemberInput)],
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
