import { describe, expect, it } from 'vitest';
import {
  dueDateAt,
  dueDateInPast,
  parseRmIds,
  RESEARCH_MATCH_MESSAGES,
  updateRequestSummarySchema,
} from './research-match';
import { resourceMixError, RESOURCE_MIX_MESSAGES, usageStepComplete } from './request-rules';
import { isRenewalSubmission } from '../workflows/renewal-rules';

describe('RM ids (staff §5)', () => {
  it('trims, upper-cases and drops duplicates, keeping the shared base', () => {
    expect(parseRmIds('rm0001, RM0001-B\nRM0001  rm0001')).toEqual({
      ids: ['RM0001', 'RM0001-B'],
      base: 'RM0001',
    });
    expect(parseRmIds([])).toEqual({ ids: [], base: null });
  });

  it("names the ids that are not 'RM' plus 4 digits", () => {
    expect(parseRmIds(['RM12', 'RM0001', 'XX0001', 'RM00012'])).toEqual({
      error: 'RM12, XX0001, RM00012 do not follow valid format of RM plus 4 digits:',
    });
  });

  it('refuses ids of different bases', () => {
    expect(parseRmIds(['RM0001', 'RM0002-A'])).toEqual({ error: RESEARCH_MATCH_MESSAGES.rmIdBase });
  });
});

describe('summary input', () => {
  it('takes up to 3 keywords', () => {
    expect(updateRequestSummarySchema.safeParse({ keywords: ['a', 'b', 'c'] }).success).toBe(true);
    const four = updateRequestSummarySchema.safeParse({ keywords: ['a', 'b', 'c', 'd'] });
    expect(four.success).toBe(false);
    expect(four.error?.issues[0]?.message).toBe(RESEARCH_MATCH_MESSAGES.tooManyKeywords);
  });

  it('stores a due day at 12:00 UTC and refuses days before today', () => {
    expect(dueDateAt('2030-03-31')?.toISOString()).toBe('2030-03-31T12:00:00.000Z');
    expect(dueDateAt('31/03/2030')).toBeNull();
    const now = new Date('2030-03-31T20:00:00Z');
    expect(dueDateInPast(dueDateAt('2030-03-31')!, now)).toBe(false);
    expect(dueDateInPast(dueDateAt('2030-03-30')!, now)).toBe(true);
  });
});

describe('Research Match in a request', () => {
  it('is not mixed with other resources, and one per request', () => {
    expect(resourceMixError([{ kind: 'research_match' }])).toBeNull();
    expect(resourceMixError([{ kind: 'research_match' }, { kind: 'sample_type', id: 1 }])).toBe(
      RESOURCE_MIX_MESSAGES.researchMatch,
    );
    expect(resourceMixError([{ kind: 'research_match' }, { kind: 'research_match' }])).toBe(
      RESOURCE_MIX_MESSAGES.researchMatch,
    );
  });

  it('needs only the terms at the usage step', () => {
    expect(usageStepComplete({ answers: null, agreed_to_usage_policy: true }, true)).toBe(true);
    expect(usageStepComplete({ answers: null, agreed_to_usage_policy: false }, true)).toBe(false);
  });

  it('sends an approved or fulfilled application back to Submitted when renewed', () => {
    expect(isRenewalSubmission(4, 2)).toBe(true);
    expect(isRenewalSubmission(7, 2)).toBe(true);
    expect(isRenewalSubmission(2, 2)).toBe(false);
    expect(isRenewalSubmission(4, 3)).toBe(false);
  });
});
