import { describe, expect, it } from 'vitest';
import type { ResearchTeamMemberDto } from '@rrp/domain';
import { institutionLabel, institutionOptions } from './team-row-fields';
import {
  CHOOSE_ROLE,
  DUPLICATE_EMAIL,
  emptyTeamRow,
  NOT_LISTED,
  rowFromMember,
  rowStarted,
  toMemberInput,
  validateNewRows,
} from './team-rows';

const member = {
  id: 7,
  project_id: 3,
  user_id: 11,
  email: 'pi@example.org',
  first_name: 'Pat',
  last_name: 'Investigator',
  user_role: 1,
  is_pi: true,
  institution: null,
  globus_username: null,
  active: true,
  removal_date: null,
  verified: true,
  warnings: [],
} as unknown as ResearchTeamMemberDto;

const valid = () => ({
  ...emptyTeamRow(),
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  user_role: '2',
});

describe('shared research-team rows', () => {
  it('sends the chosen institution, and none for "Institution is not listed"', () => {
    expect(toMemberInput({ ...valid(), institution: '12' }).institution).toBe(12);
    expect(toMemberInput({ ...valid(), institution: NOT_LISTED }).institution).toBeNull();
    expect(toMemberInput({ ...valid(), institution: null }).institution).toBeNull();
    expect(rowFromMember(member).institution).toBe(NOT_LISTED);
  });

  it('checks new rows against the current team and each other', () => {
    const duplicate = { ...valid(), email: ' PI@example.org' };
    const pi = { ...valid(), email: 'x@example.org', user_role: '1' };
    const [first, second] = [valid(), valid()];
    const errors = validateNewRows([duplicate, pi, first, second], [member]);
    expect(errors[duplicate.key]).toEqual({ email: DUPLICATE_EMAIL });
    expect(errors[pi.key]).toEqual({ user_role: CHOOSE_ROLE });
    expect(errors[first.key]).toBeUndefined();
    expect(errors[second.key]).toEqual({ email: DUPLICATE_EMAIL });
    // A removed member's e-mail may be added again.
    expect(
      validateNewRows([valid()], [{ ...member, email: 'ada@example.org', removal_date: '2026-01-01' }]),
    ).toEqual({});
  });

  it('does not nag about an untouched new row', () => {
    expect(rowStarted(emptyTeamRow())).toBe(false);
    expect(rowStarted({ ...emptyTeamRow(), institution: '3' })).toBe(true);
    expect(rowStarted(rowFromMember(member))).toBe(true);
  });

  it('orders institutions: not listed, your institution, the other approved ones', () => {
    const options = institutionOptions(
      [
        { id: 1, name: 'Alpha College' },
        { id: 2, name: 'Beta University' },
      ],
      [2],
    );
    expect(options).toEqual([
      { value: NOT_LISTED, label: 'Institution is not listed' },
      { group: 'Your institution', items: [{ value: '2', label: 'Beta University' }] },
      { group: 'Approved institutions', items: [{ value: '1', label: 'Alpha College' }] },
    ]);
    expect(institutionLabel(options, '1')).toBe('Alpha College');
    expect(institutionLabel(options, NOT_LISTED)).toBe('Institution is not listed');
    expect(institutionLabel(options, '9')).toBe('—');
    expect(institutionOptions([{ id: 1, name: 'Alpha College' }])).toEqual([
      { value: NOT_LISTED, label: 'Institution is not listed' },
      { group: 'Approved institutions', items: [{ value: '1', label: 'Alpha College' }] },
    ]);
  });
});
