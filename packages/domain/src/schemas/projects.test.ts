import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants/limits';
import {
  createProjectSchema,
  irbDataSchema,
  irbExpiryState,
  saveResearchTeamSchema,
  teamRoleName,
  todayIso,
  updateProjectSchema,
} from './projects';

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => todayIso(new Date(Date.now() + offsetDays * DAY));
const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('IRB expiry state (researcher §4)', () => {
  const now = new Date('2026-01-10T12:00:00Z');

  it('is none without an IRB and exempt for designation 2', () => {
    expect(irbExpiryState(null, now)).toBe('none');
    expect(irbExpiryState({ designation: 2, renewal_date: '2020-01-01' }, now)).toBe('exempt');
  });

  it('is expired once the renewal date has come', () => {
    expect(irbExpiryState({ designation: 1, renewal_date: '2026-01-10' }, now)).toBe('expired');
    expect(irbExpiryState({ designation: 1, renewal_date: '2025-12-01' }, now)).toBe('expired');
  });

  it('is near expiry when fewer than 5,256,000,000 ms remain, valid otherwise', () => {
    expect(LIMITS.irbNearExpiryMs).toBe(5_256_000_000);
    const renewal = Date.parse('2026-03-12T00:00:00Z');
    const at = (ms: number) => new Date(ms);
    expect(
      irbExpiryState({ designation: 1, renewal_date: '2026-03-12' }, at(renewal - 5_256_000_000 + 1)),
    ).toBe('near_expiry');
    expect(irbExpiryState({ designation: 1, renewal_date: '2026-03-12' }, at(renewal - 5_256_000_000))).toBe(
      'valid',
    );
    expect(irbExpiryState({ designation: 1, renewal_date: '2026-01-11' }, now)).toBe('near_expiry');
    expect(irbExpiryState({ designation: 1, renewal_date: '2026-03-13' }, now)).toBe('valid');
    expect(irbExpiryState({ designation: 1, renewal_date: null }, now)).toBe('valid');
  });
});

describe('IRB form (researcher §5)', () => {
  it('accepts an approved IRB with a past approval and a future renewal', () => {
    const result = irbDataSchema.safeParse({
      designation: '1',
      approval_date: isoDay(-30),
      renewal_date: isoDay(300),
      assurance_number: ' FWA0001 ',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      designation: 1,
      approval_date: isoDay(-30),
      renewal_date: isoDay(300),
      assurance_number: 'FWA0001',
    });
  });

  it('needs a previous approval date and a future renewal date', () => {
    const result = irbDataSchema.safeParse({
      designation: 1,
      approval_date: isoDay(2),
      renewal_date: isoDay(-1),
    });
    expect(messages(result)).toEqual({
      approval_date: 'Must have a previous date',
      renewal_date: 'Must have a future date',
    });
    expect(
      messages(
        irbDataSchema.safeParse({ designation: 1, approval_date: isoDay(-1), renewal_date: isoDay(0) }),
      ),
    ).toEqual({ renewal_date: 'Must have a future date' });
    expect(messages(irbDataSchema.safeParse({ designation: 1, approval_date: isoDay(-1) }))).toEqual({
      renewal_date: 'Required field',
    });
  });

  it('clears the renewal date of an exempt IRB', () => {
    const result = irbDataSchema.safeParse({
      designation: 2,
      approval_date: isoDay(-1),
      renewal_date: isoDay(-5),
    });
    expect(result.success).toBe(true);
    expect(result.data?.renewal_date).toBeNull();
  });

  it('caps the assurance number at 24 characters and refuses other designations', () => {
    const result = irbDataSchema.safeParse({
      designation: 3,
      approval_date: isoDay(-1),
      assurance_number: 'x'.repeat(25),
    });
    expect(Object.keys(messages(result)).sort()).toEqual(['assurance_number', 'designation']);
  });
});

describe('project form (researcher §5)', () => {
  const valid = { title: 'Sleep in autism', abstract: 'We study sleep.', non_autism_research: false };

  it('accepts the form and drops empty public texts', () => {
    const result = createProjectSchema.safeParse({ ...valid, public_title: ' ', public_abstract: '' });
    expect(result.success).toBe(true);
    expect(result.data?.public_title).toBeNull();
  });

  it('caps titles at 300 characters', () => {
    const result = createProjectSchema.safeParse({
      ...valid,
      title: 'x'.repeat(301),
      public_title: 'y'.repeat(301),
    });
    expect(messages(result)).toEqual({
      title: 'Ensure this field has no more than 300 characters.',
      public_title: 'Ensure this field has no more than 300 characters.',
    });
  });

  it('requires title, abstract and the autism answer', () => {
    expect(Object.keys(messages(createProjectSchema.safeParse({ title: ' ' }))).sort()).toEqual([
      'abstract',
      'non_autism_research',
      'title',
    ]);
  });

  it('leaves fields a PATCH does not send untouched', () => {
    const result = updateProjectSchema.safeParse({ title: 'New title' });
    expect(result.data).toEqual({ title: 'New title' });
  });
});

describe('research team (researcher §5, foundation §5)', () => {
  const row = { email: 'ada@example.edu', first_name: 'Ada', last_name: 'Lovelace', user_role: 2 };

  it('validates e-mail, Globus id and role', () => {
    const result = saveResearchTeamSchema.safeParse({
      project_id: 1,
      team: [{ ...row, email: 'nope', globus_username: 'not a globus id', user_role: 9 }],
    });
    expect(messages(result)).toEqual({
      'team.0.email': 'Please enter a valid email address.',
      'team.0.globus_username': 'Not a valid Globus Id or Username',
      'team.0.user_role': 'Please choose a role.',
    });
  });

  it('accepts user@host identities and UUIDs, and no Globus id at all', () => {
    for (const globus_username of [
      'ada@globusid.org',
      '0c5b8f4e-8d1a-4d4b-9f6a-3a2b1c0d9e8f',
      '',
      null,
      undefined,
    ]) {
      expect(
        saveResearchTeamSchema.safeParse({ project_id: 1, team: [{ ...row, globus_username }] }).success,
      ).toBe(true);
    }
  });

  it('keeps the first row of each e-mail address', () => {
    const result = saveResearchTeamSchema.parse({
      project_id: 1,
      team: [
        row,
        { ...row, email: 'ADA@example.edu ', first_name: 'Other' },
        { ...row, email: 'bob@example.edu' },
      ],
    });
    expect(result.team.map((member) => [member.email, member.first_name])).toEqual([
      ['ada@example.edu', 'Ada'],
      ['bob@example.edu', 'Ada'],
    ]);
  });

  it('names team roles by their 1-based index', () => {
    expect(teamRoleName(1)).toBe('Primary Researcher');
    expect(teamRoleName(8)).toBe('Student');
  });
});
