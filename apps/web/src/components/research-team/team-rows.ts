import {
  PI_TEAM_ROLE,
  RESEARCH_TEAM_ROLES,
  researchTeamMemberInputSchema,
  type ResearchTeamMemberDto,
  type ResearchTeamMemberInput,
} from '@rrp/domain';

/**
 * The rows of a research team as the project page's team editor and the request wizard's team
 * step edit them (researcher §2 step 4, §5 "Team"): one shape, one validation, one payload.
 */
export interface TeamRow {
  key: string;
  id: number | null;
  user_id: number | null;
  email: string;
  first_name: string;
  last_name: string;
  user_role: string | null;
  /** Institution id as text, NOT_LISTED for "Institution is not listed", null before a choice. */
  institution: string | null;
  globus_username: string;
  active: boolean;
  isPi: boolean;
  isNew: boolean;
  removal_date: string | null;
  verified: boolean;
  warnings: ResearchTeamMemberDto['warnings'];
}

/** The "Institution is not listed" choice: the row is sent without an institution (researcher §5). */
export const NOT_LISTED = 'none';
export const NOT_LISTED_LABEL = 'Institution is not listed';

/** Team roles a member other than the PI may hold (the PI's role, index 1, is reserved). */
export const MEMBER_ROLE_OPTIONS = RESEARCH_TEAM_ROLES.map((label, index) => ({
  value: String(index + 1),
  label,
})).filter((option) => option.value !== String(PI_TEAM_ROLE));

export const DUPLICATE_EMAIL = 'This person is already on the team.';
export const CHOOSE_ROLE = 'Please choose a role.';

let rowCounter = 0;
const newRowKey = () => `new-${++rowCounter}`;

export function emptyTeamRow(): TeamRow {
  return {
    key: newRowKey(),
    id: null,
    user_id: null,
    email: '',
    first_name: '',
    last_name: '',
    user_role: null,
    institution: null,
    globus_username: '',
    active: true,
    isPi: false,
    isNew: true,
    removal_date: null,
    verified: false,
    warnings: [],
  };
}

const institutionIdOf = (member: ResearchTeamMemberDto): number | null =>
  member.institution === null
    ? null
    : typeof member.institution === 'object'
      ? member.institution.id
      : member.institution;

export function rowFromMember(member: ResearchTeamMemberDto): TeamRow {
  const institution = institutionIdOf(member);
  return {
    key: `member-${member.id}`,
    id: member.id,
    user_id: member.user_id,
    email: member.email,
    first_name: member.first_name,
    last_name: member.last_name,
    user_role: String(member.user_role),
    institution: institution === null ? NOT_LISTED : String(institution),
    globus_username: member.globus_username ?? '',
    active: member.is_pi ? true : member.active,
    isPi: member.is_pi || member.user_role === PI_TEAM_ROLE,
    isNew: false,
    removal_date: member.removal_date,
    verified: member.verified,
    warnings: member.warnings,
  };
}

/** The row as POST research-team/ takes it; "Institution is not listed" is sent as none. */
export function toMemberInput(row: TeamRow): ResearchTeamMemberInput {
  return {
    id: row.id,
    user_id: row.user_id,
    email: row.email.trim(),
    first_name: row.first_name.trim(),
    last_name: row.last_name.trim(),
    user_role: Number(row.user_role),
    institution: row.institution && row.institution !== NOT_LISTED ? Number(row.institution) : null,
    globus_username: row.globus_username.trim() || null,
    active: row.isPi ? true : row.active,
  };
}

/**
 * Errors of one row by the domain's team-row schema, with a duplicate e-mail (of an earlier row
 * or a current member) on the e-mail. The PI's role is never offered to another row.
 */
function validateTeamRow(row: TeamRow, earlierEmails: Iterable<string>): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = researchTeamMemberInputSchema.safeParse(toMemberInput(row));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }
  if (!row.user_role || (!row.isPi && row.user_role === String(PI_TEAM_ROLE))) errors.user_role = CHOOSE_ROLE;
  const email = row.email.trim().toLowerCase();
  if (!errors.email && email && new Set(earlierEmails).has(email)) errors.email = DUPLICATE_EMAIL;
  return errors;
}

/** Errors of every member row still on the team, keyed by row key; rows without errors are left out. */
export function validateTeam(rows: readonly TeamRow[]): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  const seen: string[] = [];
  for (const row of rows.filter((r) => !r.removal_date)) {
    // The PI's row is the server's to keep; it is shown, never typed in.
    const errors = row.isPi ? {} : validateTeamRow(row, seen);
    seen.push(row.email.trim().toLowerCase());
    if (Object.keys(errors).length) result[row.key] = errors;
  }
  return result;
}

/**
 * Errors of new rows typed next to an existing team: an e-mail already on the team (or on an
 * earlier new row) is a duplicate.
 */
export function validateNewRows(
  rows: readonly TeamRow[],
  members: readonly Pick<ResearchTeamMemberDto, 'email' | 'removal_date'>[],
): Record<string, Record<string, string>> {
  const seen = members
    .filter((member) => !member.removal_date)
    .map((member) => member.email.trim().toLowerCase());
  const result: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    const errors = validateTeamRow(row, seen);
    seen.push(row.email.trim().toLowerCase());
    if (Object.keys(errors).length) result[row.key] = errors;
  }
  return result;
}

/** A new row with something typed in it shows what is missing; an untouched one does not nag. */
export const rowStarted = (row: TeamRow) =>
  !row.isNew ||
  Boolean(
    row.email || row.first_name || row.last_name || row.user_role || row.institution || row.globus_username,
  );
