import { describe, expect, it } from 'vitest';
import { can } from '../permissions';
import {
  defaultReviewQuarter,
  MAX_REVIEWERS,
  parseQuarter,
  quarterKey,
  quarterLabel,
  quarterOf,
  quarterRange,
  REQUEST_STAFF_MESSAGES,
  reviewQuarterOptions,
  reviewUsersInputSchema,
  shiftQuarter,
  zendeskTicketIdsInputSchema,
  zendeskTicketQuerySchema,
  createRequestCommentSchema,
} from './request-staff';

describe('review quarters (staff §9)', () => {
  it('reads the quarter of a date in UTC', () => {
    expect(quarterOf(new Date('2024-03-31T23:59:59Z'))).toEqual({ year: 2024, quarter: 1 });
    expect(quarterOf(new Date('2024-04-01T00:00:00Z'))).toEqual({ year: 2024, quarter: 2 });
    expect(quarterOf(new Date('2024-12-31T12:00:00Z'))).toEqual({ year: 2024, quarter: 4 });
  });

  it('shifts across years both ways', () => {
    expect(shiftQuarter({ year: 2024, quarter: 1 }, -1)).toEqual({ year: 2023, quarter: 4 });
    expect(shiftQuarter({ year: 2024, quarter: 4 }, 1)).toEqual({ year: 2025, quarter: 1 });
    expect(shiftQuarter({ year: 2024, quarter: 2 }, -5)).toEqual({ year: 2023, quarter: 1 });
  });

  it('defaults to the current quarter offset by -1', () => {
    expect(defaultReviewQuarter(new Date('2026-11-23T00:00:00Z'))).toEqual({ year: 2026, quarter: 3 });
    expect(defaultReviewQuarter(new Date('2027-02-01T00:00:00Z'))).toEqual({ year: 2026, quarter: 4 });
  });

  it('offers the quarters from October 2018 to the current review quarter, newest first', () => {
    const options = reviewQuarterOptions(new Date('2019-05-01T00:00:00Z')).map(quarterKey);
    expect(options).toEqual(['2019-Q1', '2018-Q4']);
    expect(reviewQuarterOptions(new Date('2026-11-23T00:00:00Z'))).toHaveLength(32);
    expect(reviewQuarterOptions(new Date('2018-11-01T00:00:00Z'))).toEqual([]);
  });

  it('parses keys from 2018-Q4 on and gives their date range', () => {
    expect(parseQuarter('2024-Q3')).toEqual({ year: 2024, quarter: 3 });
    expect(parseQuarter('2018-Q3')).toBeNull();
    expect(parseQuarter('2024-Q5')).toBeNull();
    expect(parseQuarter('2024Q3')).toBeNull();
    const range = quarterRange({ year: 2024, quarter: 4 });
    expect(range.start.toISOString()).toBe('2024-10-01T00:00:00.000Z');
    expect(range.end.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(quarterLabel({ year: 2024, quarter: 4 })).toBe('Q4 2024 (October – December)');
  });
});

describe('staff panel inputs', () => {
  it(`takes at most ${MAX_REVIEWERS} reviewers`, () => {
    expect(reviewUsersInputSchema.safeParse({ users: [1, 2], confirm: true }).success).toBe(true);
    const tooMany = reviewUsersInputSchema.safeParse({ users: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe(REQUEST_STAFF_MESSAGES.tooManyReviewers);
    expect(reviewUsersInputSchema.safeParse({ users: [0] }).success).toBe(false);
  });

  it('cleans Zendesk ticket ids: numbers or digit strings, deduplicated, leading zeros dropped', () => {
    expect(zendeskTicketIdsInputSchema.parse({ zendesk_ticket_ids: [12, ' 12', '007', '8'] })).toEqual({
      zendesk_ticket_ids: ['12', '7', '8'],
    });
    const bad = zendeskTicketIdsInputSchema.safeParse({ zendesk_ticket_ids: ['12a'] });
    expect(bad.error?.issues[0]?.message).toBe(REQUEST_STAFF_MESSAGES.zendeskId);
    expect(zendeskTicketQuerySchema.parse({ ids: '1, 2,2' })).toEqual({ ids: ['1', '2'] });
    expect(zendeskTicketQuerySchema.safeParse({ ids: ',' }).success).toBe(false);
  });

  it('needs a comment text', () => {
    expect(createRequestCommentSchema.safeParse({ text: ' ' }).error?.issues[0]?.message).toBe(
      REQUEST_STAFF_MESSAGES.commentBlank,
    );
    expect(createRequestCommentSchema.parse({ text: ' Note ' })).toEqual({ text: 'Note' });
  });
});

describe('staff panel permissions (staff §6)', () => {
  const as = (
    role: 'portal_admin' | 'abn_proj_mgr' | 'portal_reviewer' | 'primary_researcher' | 'internal_reviewer',
  ) => ({
    userId: 7,
    role,
    roles: [role],
  });
  it('shows notes to admins and project managers only', () => {
    expect(can(as('portal_admin'), 'list', 'RequestComment')).toBe(true);
    expect(can(as('abn_proj_mgr'), 'create', 'RequestComment')).toBe(true);
    expect(can(as('portal_reviewer'), 'list', 'RequestComment')).toBe(false);
    expect(can(as('primary_researcher'), 'list', 'RequestComment')).toBe(false);
  });

  it('lets reviewers read only the requests assigned to them', () => {
    for (const role of ['portal_reviewer', 'internal_reviewer'] as const) {
      expect(can(as(role), 'read', 'Request')).toBe(false);
      expect(can(as(role), 'read', 'Request', { reviewerIds: [7] })).toBe(true);
      expect(can(as(role), 'read', 'Request', { reviewerIds: [8] })).toBe(false);
    }
  });
});
