import { describe, expect, it } from 'vitest';
import { can } from '../permissions/can';
import {
  chosenDueDate,
  defaultDueDate,
  mayTakeStage,
  refusedForStage,
  REVIEW_CYCLES,
  type ReviewCycle,
} from './review-cycles';
import { DECISION_FLOWS, flowFor } from './transitions';

const cycles = Object.entries(REVIEW_CYCLES) as [string, ReviewCycle][];
const row = (id: number, typeId: number, statusId: number) => ({
  id,
  portalRequestId: `R-${id}`,
  typeId,
  statusId,
});

describe('the review cycles as data', () => {
  it.each(cycles)("every stage of %s is a move its administrator's decision table allows", (_key, cycle) => {
    const role = cycle.permission.subject === 'ReviewCycle' ? 'rm_admin' : 'abn_proj_mgr';
    for (const type of cycle.requestTypes) {
      const table = DECISION_FLOWS[flowFor(type, role)];
      for (const stage of Object.values(cycle.stages)) expect(table[stage.from]).toContain(stage.to);
    }
  });

  it.each(cycles)("%s's administrator holds the cycle's permission", (_key, cycle) => {
    const role = cycle.permission.subject === 'ReviewCycle' ? 'rm_admin' : 'abn_proj_mgr';
    const actor = { userId: 1, role, roles: [role] } as const;
    expect(can(actor, cycle.permission.action, cycle.permission.subject)).toBe(true);
  });

  it('Research Match starts Submitted applications and closes to the review meeting', () => {
    const cycle = REVIEW_CYCLES.researchMatch;
    expect(mayTakeStage(cycle, 'start', { typeId: 4, statusId: 2 })).toBe(true);
    expect(mayTakeStage(cycle, 'start', { typeId: 4, statusId: 3 })).toBe(false);
    expect(mayTakeStage(cycle, 'start', { typeId: 8, statusId: 2 })).toBe(false);
    expect(mayTakeStage(cycle, 'close', { typeId: 4, statusId: 3 })).toBe(true);
    expect(cycle.stages.close.to).toBe(8);
  });

  it('the tissue cycle takes pilot tissue and tissue requests, not data access', () => {
    const cycle = REVIEW_CYCLES.tissue;
    expect(mayTakeStage(cycle, 'start', { typeId: 7, statusId: 2 })).toBe(true);
    expect(mayTakeStage(cycle, 'start', { typeId: 8, statusId: 2 })).toBe(true);
    expect(mayTakeStage(cycle, 'start', { typeId: 6, statusId: 2 })).toBe(false);
    expect(mayTakeStage(cycle, 'close', { typeId: 8, statusId: 2 })).toBe(false);
  });

  it('a move names unknown ids, then the found requests that may not move', () => {
    const found = [row(1, 8, 2), row(2, 8, 3), row(3, 6, 2)];
    expect(refusedForStage(REVIEW_CYCLES.tissue, 'start', [1, 2, 3, 9], found)).toEqual(['9', 'R-2', 'R-3']);
    expect(refusedForStage(REVIEW_CYCLES.tissue, 'start', [1], [row(1, 7, 2)])).toEqual([]);
    expect(REVIEW_CYCLES.researchMatch.stages.start.refused(['R-2', 'R-3'])).toContain('R-2, R-3');
  });

  it('only the tissue cycle requires assigned reviewers', () => {
    expect(REVIEW_CYCLES.researchMatch.withoutReviewers).toBeNull();
    expect(REVIEW_CYCLES.tissue.withoutReviewers?.(['R-1'])).toContain('R-1');
  });
});

describe('the due-date rule', () => {
  const now = new Date('2026-11-24T15:00:00Z');

  it('a chosen day is due at noon UTC; today is allowed, yesterday is past', () => {
    expect(chosenDueDate('2026-11-24', now)).toEqual(new Date('2026-11-24T12:00:00Z'));
    expect(chosenDueDate('2026-12-01', now)).toEqual(new Date('2026-12-01T12:00:00Z'));
    expect(chosenDueDate('2026-11-23', now)).toBe('past');
    expect(chosenDueDate('not a day', now)).toBeNull();
  });

  it('reviews opened by a decision are due at noon the default days on; Research Match has none', () => {
    expect(defaultDueDate(REVIEW_CYCLES.tissue, now)).toEqual(new Date('2026-12-22T12:00:00Z'));
    expect(defaultDueDate(REVIEW_CYCLES.researchMatch, now)).toBeNull();
  });
});
