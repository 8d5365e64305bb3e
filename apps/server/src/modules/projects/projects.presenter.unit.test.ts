import { describe, expect, it } from 'vitest';
import type { TeamListRow } from '../../../test/reference-model/projects';
import { teamWarnings } from './projects.presenter';

const now = new Date('2026-06-01T12:00:00Z');

/** A team row with everything in order: an account, a joinder, an executed RDA, a valid IRB. */
function row(overrides: Partial<TeamListRow> = {}): TeamListRow {
  return {
    member: {} as TeamListRow['member'],
    institution: { id: 1, name: 'U' },
    ownerId: 1,
    callerReviews: false,
    latestIrbId: 9,
    irbData: { designation: 1, renewal_date: '2027-01-01' },
    accountActive: true,
    userId: 5,
    effectiveInstitutionId: 1,
    joinderDate: new Date('2026-01-01T00:00:00Z'),
    verified: true,
    rdaStatus: 3,
    ...overrides,
  };
}

describe('team warnings (researcher §6)', () => {
  it('has none when everything is in order, or the IRB is exempt', () => {
    expect(teamWarnings(row(), now)).toEqual([]);
    expect(teamWarnings(row({ irbData: { designation: 2 } }), now)).toEqual([]);
  });

  it('flags a missing or expired IRB', () => {
    expect(teamWarnings(row({ irbData: null, latestIrbId: null }), now)).toEqual(['missing_irb']);
    expect(teamWarnings(row({ irbData: { designation: 1, renewal_date: '2026-05-31' } }), now)).toEqual([
      'missing_irb',
    ]);
  });

  it('flags people without an active account, institution, agreement or joinder', () => {
    expect(teamWarnings(row({ userId: null, accountActive: null, joinderDate: null }), now)).toEqual([
      'inactive',
      'no_joinder',
    ]);
    expect(teamWarnings(row({ accountActive: false }), now)).toEqual(['inactive']);
    expect(teamWarnings(row({ effectiveInstitutionId: null, rdaStatus: null }), now)).toEqual([
      'no_institution',
    ]);
    expect(teamWarnings(row({ rdaStatus: null }), now)).toEqual(['no_agreement']);
    expect(teamWarnings(row({ rdaStatus: 2 }), now)).toEqual(['rda_not_executed']);
  });
});
