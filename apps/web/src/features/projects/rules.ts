import {
  dedupeTeamByEmail,
  irbDataSchema,
  isValidUsDate,
  MESSAGES,
  type ResearchTeamMemberInput,
} from '@rrp/domain';
import { toMemberInput, type TeamRow } from '@/components/research-team/team-rows';

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

// The team rows are shared with the request wizard's team step (components/research-team).
export {
  DUPLICATE_EMAIL,
  emptyTeamRow,
  NOT_LISTED,
  rowFromMember,
  toMemberInput,
  validateTeam,
  type TeamRow,
} from '@/components/research-team/team-rows';

/** What to send: the members still on the team (removed ones stay removed), one row per e-mail. */
export function teamPayload(rows: readonly TeamRow[]): ResearchTeamMemberInput[] {
  return dedupeTeamByEmail(rows.filter((row) => !row.removal_date).map(toMemberInput));
}

/** Whether the team differs from the saved one; an unchanged team is not saved (researcher §5). */
export function teamChanged(saved: readonly TeamRow[], current: readonly TeamRow[]): boolean {
  return JSON.stringify(teamPayload(saved)) !== JSON.stringify(teamPayload(current));
}
