import {
  dedupeTeamByEmail,
  irbDataSchema,
  isValidUsDate,
  MESSAGES,
  PI_TEAM_ROLE,
  researchTeamMemberInputSchema,
  type ResearchTeamMemberDto,
  type ResearchTeamMemberInput,
} from '@rrp/domain';

/** Whether two texts match once whitespace is ignored (researcher §5 "use existing"). */
export function sameIgnoringWhitespace(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').replace(/\s+/g, '') === (b ?? '').replace(/\s+/g, '');
}

/** The public title and abstract follow the scientific ones when empty or equal to them. */
export function followsScientific(project: {
  title: string;
  abstract: string;
  public_title: string | null;
  public_abstract: string | null;
}): boolean {
  const titleFollows = !project.public_title || sameIgnoringWhitespace(project.public_title, project.title);
  const abstractFollows =
    !project.public_abstract || sameIgnoringWhitespace(project.public_abstract, project.abstract);
  return titleFollows && abstractFollows;
}

/** mm/dd/yyyy typed by a person -> YYYY-MM-DD, or null when it is not a real date. */
export function parseUsDate(text: string): string | null {
  const value = text.trim();
  if (!isValidUsDate(value)) return null;
  const [month, day, year] = value.split('/');
  return `${year}-${month}-${day}`;
}

export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface IrbValues {
  file: File | null;
  designation: string | null;
  /** YYYY-MM-DD, '' when empty, or the text typed when it is not a date. */
  approval_date: string;
  renewal_date: string;
  assurance_number: string;
}

export const emptyIrb: IrbValues = {
  file: null,
  designation: null,
  approval_date: '',
  renewal_date: '',
  assurance_number: '',
};

/** True once anything of a new IRB was entered: then all of it must be valid. */
export function irbTouched(irb: IrbValues): boolean {
  return Boolean(
    irb.file || irb.designation || irb.approval_date || irb.renewal_date || irb.assurance_number.trim(),
  );
}

export const IRB_FILE_REQUIRED = 'Please attach the IRB document (PDF).';
export const IRB_PDF_ONLY = 'The IRB document must be a PDF file.';

/** Field errors of the IRB form (researcher §5 "IRB form"), keyed by field. */
export function validateIrb(irb: IrbValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!irb.file) errors.file = IRB_FILE_REQUIRED;
  else if (!/\.pdf$/i.test(irb.file.name) && irb.file.type !== 'application/pdf') errors.file = IRB_PDF_ONLY;
  for (const field of ['approval_date', 'renewal_date'] as const) {
    if (irb[field] && !ISO_DAY.test(irb[field])) errors[field] = MESSAGES.dateFormat;
  }
  const parsed = irbDataSchema.safeParse(irbData(irb));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'designation');
      errors[field] ??=
        field === 'approval_date' && !irb.approval_date ? MESSAGES.requiredField : issue.message;
    }
  }
  return errors;
}

/** The IRB's additional_data as the upload sends it. */
export function irbData(irb: IrbValues) {
  return {
    designation: irb.designation ? Number(irb.designation) : null,
    approval_date: irb.approval_date || null,
    renewal_date: irb.designation === '2' ? null : irb.renewal_date || null,
    assurance_number: irb.assurance_number.trim() || null,
  };
}

/** One row of the team editor. */
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

export const NOT_LISTED = 'none';

let rowCounter = 0;
export const newRowKey = () => `new-${++rowCounter}`;

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

export function rowFromMember(member: ResearchTeamMemberDto): TeamRow {
  const institution =
    member.institution === null
      ? null
      : typeof member.institution === 'object'
        ? member.institution.id
        : member.institution;
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

export const DUPLICATE_EMAIL = 'This person is already on the team.';

/** Errors of one row, with a duplicate e-mail (of an earlier row) as an error on the e-mail. */
export function validateTeamRow(row: TeamRow, earlierEmails: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = researchTeamMemberInputSchema.safeParse(toMemberInput(row));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }
  if (!row.user_role) errors.user_role = 'Please choose a role.';
  const email = row.email.trim().toLowerCase();
  if (!errors.email && email && earlierEmails.includes(email)) errors.email = DUPLICATE_EMAIL;
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

/** What to send: the members still on the team (removed ones stay removed), one row per e-mail. */
export function teamPayload(rows: readonly TeamRow[]): ResearchTeamMemberInput[] {
  return dedupeTeamByEmail(rows.filter((row) => !row.removal_date).map(toMemberInput));
}

/** Whether the team differs from the saved one; an unchanged team is not saved (researcher §5). */
export function teamChanged(saved: readonly TeamRow[], current: readonly TeamRow[]): boolean {
  return JSON.stringify(teamPayload(saved)) !== JSON.stringify(teamPayload(current));
}
