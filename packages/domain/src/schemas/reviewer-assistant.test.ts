import { describe, expect, it } from 'vitest';
import { REVIEWER_ROLES } from '../constants/roles';
import { TISSUE_REQUEST_TYPE } from '../constants/tissue';
import {
  CONFLICT_REASON_MAX_LENGTH,
  conflictReasonsSchema,
  REVIEWER_ASSISTANT_MESSAGES,
  reviewerGroupsFor,
  reviewerSuggestionsQuerySchema,
} from './reviewer-assistant';

describe('the reviewer groups a request flow allows', () => {
  it('are the Research Match reviewers for applications and renewals, ABN reviewers for tissue', () => {
    expect(reviewerGroupsFor(4)).toEqual(['internal_reviewer', 'external_reviewer', 'portal_reviewer']);
    expect(reviewerGroupsFor(5)).toEqual(reviewerGroupsFor(4));
    expect(reviewerGroupsFor(TISSUE_REQUEST_TYPE.tissue)).toEqual(['abn_reviewer']);
    expect(reviewerGroupsFor(TISSUE_REQUEST_TYPE.pilot)).toEqual(['abn_reviewer']);
    expect(reviewerGroupsFor(1)).toEqual(REVIEWER_ROLES);
  });
});

describe('conflict reasons', () => {
  const messages = (input: unknown) =>
    conflictReasonsSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it('trims a reason and takes an optional request', () => {
    expect(conflictReasonsSchema.parse([{ user: 3, request: 9, reason: '  Only expert. ' }])).toEqual([
      { user: 3, request: 9, reason: 'Only expert.' },
    ]);
  });

  it('refuses a blank or too long reason, and two reasons for one reviewer', () => {
    expect(messages([{ user: 3, reason: ' ' }])).toEqual([REVIEWER_ASSISTANT_MESSAGES.reasonBlank]);
    expect(messages([{ user: 3, reason: 'x'.repeat(CONFLICT_REASON_MAX_LENGTH + 1) }])).toEqual([
      REVIEWER_ASSISTANT_MESSAGES.reasonTooLong,
    ]);
    expect(
      messages([
        { user: 3, reason: 'a' },
        { user: 3, reason: 'b' },
      ]),
    ).toEqual([REVIEWER_ASSISTANT_MESSAGES.reasonTwice]);
    expect(messages([{ user: 3, reason: 'a', extra: 1 }])).not.toEqual([]);
  });
});

describe('the suggestions limit', () => {
  it('defaults to 20 and is 1 to 100', () => {
    expect(reviewerSuggestionsQuerySchema.parse({}).limit).toBe(20);
    expect(reviewerSuggestionsQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '2.5', 'x'])
      expect(reviewerSuggestionsQuerySchema.safeParse({ limit }).success).toBe(false);
  });
});
