import { describe, expect, it } from 'vitest';
import { can } from '../permissions';
import {
  MAX_REVIEWERS,
  REQUEST_STAFF_MESSAGES,
  reviewUsersInputSchema,
  zendeskTicketIdsInputSchema,
  zendeskTicketQuerySchema,
  createRequestCommentSchema,
} from './request-staff';

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
