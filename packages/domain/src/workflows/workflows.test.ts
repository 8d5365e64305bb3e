import { describe, expect, it } from 'vitest';
import { ROLE_KEYS, type RoleKey } from '../constants/roles';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../constants/statuses';
import { can } from '../permissions/can';
import { refusedRequests } from './cycle-selection';
import { EXPECTED_DECISION_MIN_HISTORY, expectedDecision, researchMatchDeadline } from './expected-decision';
import {
  decisionOptions,
  decisionsFor,
  flowFor,
  isSubmission,
  resolveDecision,
  WORKFLOW_MESSAGES,
  type FlowKey,
} from './transitions';
import { TEAM_GAP_REASONS, teamGaps, teamState, type TeamMemberFacts } from './team';

/**
 * The expected tables, written out independently of the source (staff §4.2 and decisions
 * 072–074): from status -> the statuses a decider may choose. 4 is "approve" (12 while the team
 * is incomplete).
 */
const EXPECTED: Record<FlowKey, Record<number, number[]>> = {
  plain: { 2: [3, 4, 5, 6], 3: [4, 5, 6], 6: [5], 4: [7], 7: [14, 13], 12: [4, 5], 13: [7], 14: [7] },
  research_match: {
    2: [3, 11, 9, 5],
    3: [8, 11, 9, 5],
    8: [5, 4, 10, 11, 9],
    10: [5, 4],
    12: [4, 5],
  },
  biospecimen: {
    2: [3, 4, 5, 6],
    3: [4, 5, 6, 8],
    6: [5],
    4: [6, 7],
    8: [5, 4, 10, 11, 9],
    10: [5, 4],
    12: [4, 5],
  },
  default: { 3: [4, 5, 6], 12: [4, 5] },
};

/** Decisions that must send an e-mail, per flow. */
const REQUIRED: Record<FlowKey, number[]> = {
  plain: [5],
  research_match: [4, 5, 9, 10, 12],
  biospecimen: [5],
  default: [5],
};

const STATUS_IDS = Object.keys(REQUEST_STATUSES).map(Number);
const TYPE_IDS = Object.keys(REQUEST_TYPES).map(Number);

const actorIn = (role: RoleKey) => ({ userId: 1, role, roles: [role] });

describe('flowFor: the table per request type and active role', () => {
  const expectedFlow = (type: number, role: RoleKey): FlowKey => {
    const rm = type === 4 || type === 5;
    const tissue = [2, 6, 7, 8].includes(type);
    if (role === 'portal_admin') return rm ? 'research_match' : tissue ? 'biospecimen' : 'plain';
    if (role === 'abn_proj_mgr' && tissue) return 'biospecimen';
    if (role === 'rm_admin' && rm) return 'research_match';
    return 'default';
  };
  for (const role of ROLE_KEYS) {
    it(`${role}`, () => {
      for (const type of TYPE_IDS) expect(flowFor(type, role), `type ${type}`).toBe(expectedFlow(type, role));
    });
  }

  it('only admins, tissue project managers and Research Match administrators may decide', () => {
    const deciders = ROLE_KEYS.filter((role) => can(actorIn(role), 'decide', 'Request'));
    expect(deciders.sort()).toEqual(['abn_proj_mgr', 'portal_admin', 'rm_admin']);
    for (const role of deciders) expect(can(actorIn(role), 'read', 'Request'), role).toBe(true);
  });
});

describe('every (status, decision) of every flow, for every role that uses it', () => {
  for (const flow of Object.keys(EXPECTED) as FlowKey[]) {
    const roles = ROLE_KEYS.filter((role) => TYPE_IDS.some((type) => flowFor(type, role) === flow));
    it(`${flow} (roles: ${roles.join(', ')})`, () => {
      expect(roles.length).toBeGreaterThan(0);
      for (const from of STATUS_IDS) {
        const expected = EXPECTED[flow][from] ?? [];
        for (const teamComplete of [true, false]) {
          for (const to of STATUS_IDS) {
            const result = resolveDecision({ flow, from, to, teamComplete });
            const asked = to === 12 ? 4 : to;
            const inTable = expected.includes(asked);
            const label = `${flow}: ${from} -> ${to} (team ${teamComplete ? 'complete' : 'incomplete'})`;
            if (!inTable) {
              expect(result.ok, label).toBe(false);
              if (!result.ok) {
                expect(result.message, label).toContain(REQUEST_STATUSES[to as 1]);
                for (const option of result.allowed) expect(result.message, label).toContain(option.name);
              }
              continue;
            }
            if (asked === 4 && !teamComplete && from === 12) {
              expect(result, label).toMatchObject({ ok: false, message: WORKFLOW_MESSAGES.teamIncomplete });
              continue;
            }
            const landing = asked === 4 ? (teamComplete ? 4 : 12) : asked;
            expect(result, label).toEqual({
              ok: true,
              status: landing,
              email: REQUIRED[flow].includes(landing) ? 'required' : 'optional',
            });
          }
          // The options the screen shows are exactly the allowed landings.
          const options = decisionOptions(flow, from, teamComplete);
          const landings = expected
            .map((to) => (to === 4 ? (teamComplete ? 4 : from === 12 ? null : 12) : to))
            .filter((to): to is number => to !== null);
          expect(
            options.map((option) => option.status),
            `${flow} options from ${from}`,
          ).toEqual(landings);
        }
      }
    });
  }

  it('names the allowed decisions when one is refused', () => {
    const result = resolveDecision({ flow: 'plain', from: 2, to: 7, teamComplete: true });
    expect(result).toMatchObject({
      ok: false,
      message:
        'Fulfilled cannot be chosen for a request that is Submitted. Allowed: Under Review, Approved, Rejected, Revisions Requested.',
    });
    expect(resolveDecision({ flow: 'plain', from: 5, to: 4, teamComplete: true })).toMatchObject({
      ok: false,
      message: 'Approved cannot be chosen: no decision can be made on a request that is Rejected.',
    });
  });

  it('labels approve as Approved (Pending Team) while the team is incomplete', () => {
    expect(decisionOptions('biospecimen', 2, false)).toContainEqual({
      status: 12,
      name: 'Approved (Pending Team)',
      action: 'Approve',
      email: 'optional',
    });
    expect(decisionOptions('research_match', 8, true)).toContainEqual({
      status: 4,
      name: 'Approved',
      action: 'Approve',
      email: 'required',
    });
  });
});

describe('every (role, request type, status, decision)', () => {
  for (const role of ROLE_KEYS) {
    it(role, () => {
      const actor = actorIn(role);
      const decides = can(actor, 'decide', 'Request');
      for (const type of TYPE_IDS) {
        for (const from of STATUS_IDS) {
          for (const teamComplete of [true, false]) {
            const { flow, options } = decisionsFor(actor, { type, status: from }, teamComplete);
            const label = `${role}, type ${type}, from ${from}`;
            if (!decides) {
              expect({ flow, options }, label).toEqual({ flow: null, options: [] });
              continue;
            }
            expect(flow, label).toBe(flowFor(type, role));
            const expected = (EXPECTED[flow!][from] ?? [])
              .map((to) => (to === 4 ? (teamComplete ? 4 : from === 12 ? null : 12) : to))
              .filter((to): to is number => to !== null);
            expect(
              options.map((option) => option.status),
              label,
            ).toEqual(expected);
            // Each offered decision is accepted by the engine, and lands where it says.
            for (const option of options) {
              expect(
                resolveDecision({ flow: flow!, from, to: option.status, teamComplete }),
                `${label} -> ${option.status}`,
              ).toEqual({ ok: true, status: option.status, email: option.email });
            }
          }
        }
      }
    });
  }
});

describe('owner submissions', () => {
  it('submit a draft and resubmit a returned request, nothing else', () => {
    for (const from of STATUS_IDS) {
      for (const to of STATUS_IDS) {
        const expected = to === 2 && [1, 6, 9].includes(from);
        expect(isSubmission(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });
});

describe('teamGaps', () => {
  const complete: TeamMemberFacts = {
    user_id: 7,
    display_name: 'Ada Lovelace',
    user_role: 1,
    account_active: true,
    project_irb_valid: true,
    rda_status: 3,
    joinder_date: '2026-01-02T00:00:00.000Z',
  };

  it('a complete team has no gaps', () => {
    expect(teamState([complete, { ...complete, user_id: 8, user_role: 2 }])).toEqual({
      complete: true,
      missing: [],
    });
  });

  it('lists each missing item of principal and co-investigator members', () => {
    const gaps = teamGaps([
      { ...complete, project_irb_valid: false },
      {
        ...complete,
        user_id: null,
        display_name: 'No Account',
        user_role: 2,
        account_active: false,
        rda_status: 2,
        joinder_date: null,
      },
    ]);
    expect(gaps).toEqual([
      { user_id: 7, display_name: 'Ada Lovelace', reasons: [TEAM_GAP_REASONS.irb] },
      {
        user_id: null,
        display_name: 'No Account',
        reasons: [TEAM_GAP_REASONS.rda, TEAM_GAP_REASONS.joinder, TEAM_GAP_REASONS.inactive],
      },
    ]);
  });

  it('other team roles never hold a request back', () => {
    for (const role of [3, 4, 5, 6, 7, 8]) {
      expect(
        teamGaps([
          { ...complete, user_role: role, rda_status: null, joinder_date: null, account_active: false },
        ]),
      ).toEqual([]);
    }
  });

  it('an institution without an RDA or with one awaiting execution is a gap', () => {
    for (const rda of [null, 1, 2, 4]) {
      expect(teamGaps([{ ...complete, rda_status: rda }])[0]?.reasons).toEqual([TEAM_GAP_REASONS.rda]);
    }
  });
});

describe('expectedDecision', () => {
  const times = { p80Days: 9.2, decided: 40 };
  const submitted = new Date('2026-03-05T09:00:00Z');

  it('adds the 80th percentile of its type, rounded up, to the submission day', () => {
    expect(expectedDecision({ typeId: 1, statusId: 3, submissionDate: submitted }, times)).toEqual({
      date: '2026-03-15',
      basis:
        'Of the 40 Dataset applications decided in the last 12 months, 8 in 10 were decided within 10 days of submission.',
    });
  });

  it('gives nothing without enough history, before submission or after a decision', () => {
    const few = { p80Days: 3, decided: EXPECTED_DECISION_MIN_HISTORY - 1 };
    expect(expectedDecision({ typeId: 1, statusId: 2, submissionDate: submitted }, few)).toBeNull();
    expect(expectedDecision({ typeId: 1, statusId: 2, submissionDate: submitted }, undefined)).toBeNull();
    expect(expectedDecision({ typeId: 1, statusId: 1, submissionDate: null }, times)).toBeNull();
    expect(expectedDecision({ typeId: 1, statusId: 4, submissionDate: submitted }, times)).toBeNull();
  });

  it("reckons Research Match by its quarter's deadline and the review meeting after it", () => {
    expect(researchMatchDeadline(new Date('2026-03-31T23:00:00Z')).toISOString().slice(0, 10)).toBe(
      '2026-03-31',
    );
    expect(researchMatchDeadline(new Date('2026-04-01T00:00:00Z')).toISOString().slice(0, 10)).toBe(
      '2026-06-30',
    );
    expect(researchMatchDeadline(new Date('2026-12-02T00:00:00Z')).toISOString().slice(0, 10)).toBe(
      '2026-12-31',
    );
    const renewal = expectedDecision(
      { typeId: 5, statusId: 8, submissionDate: new Date('2026-12-02') },
      undefined,
    );
    expect(renewal?.date).toBe('2027-03-31');
    expect(renewal?.basis).toContain('after the December 31, 2026 deadline');
  });
});

describe('refusedRequests (the review cycles: all or nothing)', () => {
  const rows = [
    { id: 1, portalRequestId: 'RM-1', ok: true },
    { id: 2, portalRequestId: 'RM-2', ok: false },
  ];
  it('names the ids not found and the requests that may not move', () => {
    expect(refusedRequests([1, 2, 3], rows, (row) => row.ok)).toEqual(['3', 'RM-2']);
  });
  it('names none when every chosen request may move', () => {
    expect(refusedRequests([1], rows.slice(0, 1), (row) => row.ok)).toEqual([]);
  });
});
