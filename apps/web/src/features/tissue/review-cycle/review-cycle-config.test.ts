import { describe, expect, it } from 'vitest';
import type { TissueStartReviewDto } from '@rrp/domain';
import { TISSUE_START } from './review-cycle-config';

type Row = TissueStartReviewDto['requests'][number];
const row = (id: number, reviewers: number) =>
  ({
    id,
    portal_request_id: `ABN00${id}`,
    review_users: Array.from({ length: reviewers }, (_, index) => ({ id: index, display_name: 'R' })),
  }) as Row;
const email = { to: '', cc: '', bcc: '', subject: 'Review', body: 'Please review.' };

describe("the tissue network's Begin Review configuration", () => {
  it('lets only requests with assigned reviewers be chosen (staff §4.3)', () => {
    expect(TISSUE_START.choosable(row(1, 2))).toBe(true);
    expect(TISSUE_START.choosable(row(2, 0))).toBe(false);
  });

  it('sends once the subject and the message are not blank, without recipients', () => {
    expect(TISSUE_START.email.ready(email)).toBe(true);
    expect(TISSUE_START.email.ready({ ...email, subject: '  ' })).toBe(false);
    expect(TISSUE_START.email.ready({ ...email, body: '' })).toBe(false);
    expect(TISSUE_START.email.recipients).toBeUndefined();
    expect(TISSUE_START.email.body(email)).toEqual({ subject: 'Review', body: 'Please review.' });
  });
});
