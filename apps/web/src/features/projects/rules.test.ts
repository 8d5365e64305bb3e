import { describe, expect, it } from 'vitest';
import type { ResearchTeamMemberDto } from '@rrp/domain';
import {
  DUPLICATE_EMAIL,
  emptyIrb,
  emptyTeamRow,
  followsScientific,
  irbData,
  irbTouched,
  IRB_FILE_REQUIRED,
  IRB_PDF_ONLY,
  NOT_LISTED,
  parseUsDate,
  rowFromMember,
  sameIgnoringWhitespace,
  teamChanged,
  teamPayload,
  toMemberInput,
  validateIrb,
  validateTeam,
  type TeamRow,
} from './rules';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const pdf = () => new File(['%PDF-1.4'], 'irb.pdf', { type: 'application/pdf' });

const member = (over: Partial<ResearchTeamMemberDto> = {}): ResearchTeamMemberDto => ({
  id: 5,
  project_id: 1,
  user_id: 9,
  email: 'ann@example.edu',
  first_name: 'Ann',
  last_name: 'Lee',
  display_name: 'Ann Lee',
  user_role: 2,
  user_role_name: 'Co-Investigator',
  is_pi: false,
  institution: { id: 3, name: 'Example University' },
  globus_username: null,
  active: true,
  removal_date: null,
  created: '2026-01-01T00:00:00Z',
  latest_irb: null,
  joinder_date: null,
  current_rda: null,
  verified: true,
  warnings: [],
  ...over,
});

const row = (over: Partial<TeamRow>): TeamRow => ({
  ...emptyTeamRow(),
  email: 'bo@example.edu',
  first_name: 'Bo',
  last_name: 'Diaz',
  user_role: '3',
  ...over,
});

describe('public title and abstract', () => {
  it('compares ignoring whitespace', () => {
    expect(sameIgnoringWhitespace('Brain  study\n', 'Brain study')).toBe(true);
    expect(sameIgnoringWhitespace('Brain study', 'Brain studies')).toBe(false);
  });

  it('follow the scientific ones when empty or equal, and not when they differ', () => {
    const base = { title: 'T', abstract: 'A b' };
    expect(followsScientific({ ...base, public_title: null, public_abstract: null })).toBe(true);
    expect(followsScientific({ ...base, public_title: ' T ', public_abstract: 'A  b' })).toBe(true);
    expect(followsScientific({ ...base, public_title: 'Plain words', public_abstract: 'A b' })).toBe(false);
  });
});

describe('IRB form', () => {
  it('reads mm/dd/yyyy and refuses impossible dates', () => {
    expect(parseUsDate('02/29/2024')).toBe('2024-02-29');
    expect(parseUsDate('02/30/2024')).toBeNull();
    expect(parseUsDate('2024-02-01')).toBeNull();
  });

  it('is untouched until something is entered', () => {
    expect(irbTouched(emptyIrb)).toBe(false);
    expect(irbTouched({ ...emptyIrb, assurance_number: 'FWA1' })).toBe(true);
  });

  it('accepts an approved IRB approved in the past and renewed in the future', () => {
    expect(
      validateIrb({
        ...emptyIrb,
        file: pdf(),
        designation: '1',
        approval_date: day(-30),
        renewal_date: day(300),
      }),
    ).toEqual({});
  });

  it("says 'Must have a previous date' and 'Must have a future date' in the wrong direction", () => {
    const errors = validateIrb({
      ...emptyIrb,
      file: pdf(),
      designation: '1',
      approval_date: day(5),
      renewal_date: day(-5),
    });
    expect(errors.approval_date).toBe('Must have a previous date');
    expect(errors.renewal_date).toBe('Must have a future date');
  });

  it('needs no renewal date when exempt, and sends none', () => {
    const irb = { ...emptyIrb, file: pdf(), designation: '2', approval_date: day(-1), renewal_date: day(-9) };
    expect(validateIrb(irb)).toEqual({});
    expect(irbData(irb).renewal_date).toBeNull();
  });

  it('asks for the PDF, the format and a PDF only', () => {
    expect(validateIrb({ ...emptyIrb, designation: '2', approval_date: day(-1) }).file).toBe(
      IRB_FILE_REQUIRED,
    );
    const text = new File(['x'], 'irb.txt', { type: 'text/plain' });
    expect(validateIrb({ ...emptyIrb, file: text, designation: '2', approval_date: day(-1) }).file).toBe(
      IRB_PDF_ONLY,
    );
    expect(validateIrb({ ...emptyIrb, file: pdf(), designation: '2', approval_date: '13/45/2020' })).toEqual({
      approval_date: 'Please use the format MM/DD/YYYY',
    });
  });

  it('caps the assurance number at 24 characters', () => {
    const errors = validateIrb({
      ...emptyIrb,
      file: pdf(),
      designation: '2',
      approval_date: day(-1),
      assurance_number: 'X'.repeat(25),
    });
    expect(errors.assurance_number).toBeDefined();
  });
});

describe('research team', () => {
  it('turns a saved member into a row and back', () => {
    const saved = rowFromMember(member());
    expect(saved.institution).toBe('3');
    expect(toMemberInput(saved)).toMatchObject({
      id: 5,
      user_id: 9,
      user_role: 2,
      institution: 3,
      active: true,
    });
  });

  it("sends no institution for 'Institution is not listed'", () => {
    expect(toMemberInput(row({ institution: NOT_LISTED })).institution).toBeNull();
    expect(rowFromMember(member({ institution: null })).institution).toBe(NOT_LISTED);
  });

  it('keeps the PI row with access whatever its toggle says', () => {
    const pi = rowFromMember(member({ is_pi: true, user_role: 1, active: false }));
    expect(pi.isPi).toBe(true);
    expect(toMemberInput({ ...pi, active: false }).active).toBe(true);
  });

  it('validates new rows: e-mail, names, role and Globus username', () => {
    const bad = row({ email: 'not-an-email', first_name: '', user_role: null, globus_username: 'bad id' });
    const errors = validateTeam([bad])[bad.key]!;
    expect(errors.email).toBe('Please enter a valid email address.');
    expect(errors.first_name).toBe('First name is required');
    expect(errors.user_role).toBe('Please choose a role.');
    expect(errors.globus_username).toBe('Not a valid Globus Id or Username');
    expect(validateTeam([row({ globus_username: 'bo@globusid.org' })])).toEqual({});
  });

  it("does not validate the PI's fixed row", () => {
    const pi = { ...row({ email: '', isPi: true, user_role: '1' }), isNew: false };
    expect(validateTeam([pi])).toEqual({});
  });

  it('flags a second row with the same e-mail and sends one row per e-mail', () => {
    const first = row({});
    const second = row({ email: 'BO@example.edu ' });
    expect(validateTeam([first, second])).toEqual({ [second.key]: { email: DUPLICATE_EMAIL } });
    expect(teamPayload([first, second])).toHaveLength(1);
  });

  it('leaves removed members out of what is sent and out of validation', () => {
    const removed = rowFromMember(member({ removal_date: '2026-02-01T00:00:00Z', email: 'x' }));
    expect(validateTeam([removed])).toEqual({});
    expect(teamPayload([removed])).toEqual([]);
  });

  it('sees no change when nothing changed, and a change of access or a new member', () => {
    const saved = [rowFromMember(member())];
    expect(
      teamChanged(
        saved,
        saved.map((r) => ({ ...r })),
      ),
    ).toBe(false);
    expect(teamChanged(saved, [{ ...saved[0]!, active: false }])).toBe(true);
    expect(teamChanged(saved, [...saved, row({})])).toBe(true);
  });
});
