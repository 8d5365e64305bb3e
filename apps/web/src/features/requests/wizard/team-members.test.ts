import { describe, expect, it } from 'vitest';
import type { ResearchTeamMemberDto } from '@rrp/domain';
import {
  DUPLICATE_MEMBER,
  emptyNewMember,
  newMemberErrors,
  saveTeamBody,
  teamSaveMessages,
} from './team-members';

const pi = {
  id: 7,
  project_id: 3,
  user_id: 11,
  email: 'pi@example.org',
  first_name: 'Pat',
  last_name: 'Investigator',
  display_name: 'Pat Investigator',
  user_role: 1,
  user_role_name: 'Principal Investigator',
  is_pi: true,
  institution: { id: 4, name: 'Simons' },
  globus_username: null,
  active: true,
  removal_date: null,
} as unknown as ResearchTeamMemberDto;

const valid = () => ({
  ...emptyNewMember(),
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  user_role: '2',
});

describe('new team members', () => {
  it('validates a row with the domain schema', () => {
    const row = { ...emptyNewMember(), email: 'nope', globus_username: 'bad name!' };
    const errors = newMemberErrors([row], [pi])[row.key] ?? {};
    expect(errors.email).toBe('Please enter a valid email address.');
    expect(errors.globus_username).toBe('Not a valid Globus Id or Username');
    expect(errors.first_name).toBeTruthy();
    expect(errors.user_role).toBe('Please choose a role.');
    expect(newMemberErrors([valid()], [pi])).toEqual({});
  });

  it('refuses the PI role and e-mails already on the team', () => {
    const row = { ...valid(), email: 'PI@example.org ', user_role: '1' };
    const errors = newMemberErrors([row], [pi])[row.key] ?? {};
    expect(errors.email).toBe(DUPLICATE_MEMBER);
    expect(errors.user_role).toBe('Please choose a role.');
    const [a, b] = [valid(), valid()];
    expect(Object.keys(newMemberErrors([a, b], [pi]))).toEqual([b.key]);
  });

  it('sends the whole team, PI included, plus the new rows', () => {
    const body = saveTeamBody(3, [pi], [{ ...valid(), globus_username: '' }]);
    expect(body).toEqual({
      project_id: 3,
      team: [
        expect.objectContaining({ id: 7, user_id: 11, user_role: 1, institution: 4, active: true }),
        expect.objectContaining({
          email: 'ada@example.org',
          first_name: 'Ada',
          user_role: 2,
          institution: null,
          globus_username: null,
          active: true,
        }),
      ],
    });
    expect(saveTeamBody(3, [pi], [emptyNewMember()])).toBeNull();
  });

  it('lists nested save errors', () => {
    expect(teamSaveMessages({ team: [{}, { email: ['Taken.'] }], detail: 'Invalid.' })).toEqual([
      'team row 2 email: Taken.',
      'Invalid.',
    ]);
  });
});
