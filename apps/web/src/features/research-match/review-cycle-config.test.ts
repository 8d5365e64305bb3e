import { describe, expect, it } from 'vitest';
import type { StartReviewDto } from '@rrp/domain';
import { RESEARCH_MATCH_START } from './review-cycle-config';

const email = { to: 'a@example.org, b@example.org', cc: 'c@example.org', bcc: '', subject: 'S', body: 'B' };

describe("Research Match's Begin Review configuration", () => {
  it('sends once the e-mail names a recipient, whatever the subject', () => {
    expect(RESEARCH_MATCH_START.email.ready(email)).toBe(true);
    expect(RESEARCH_MATCH_START.email.ready({ ...email, subject: ' ' })).toBe(true);
    expect(RESEARCH_MATCH_START.email.ready({ ...email, to: ' , ' })).toBe(false);
  });

  it('sends the recipients with the e-mail, and their error replaces the summary', () => {
    expect(RESEARCH_MATCH_START.email.body(email)).toEqual(email);
    expect(RESEARCH_MATCH_START.email.recipients).toBe('email');
  });

  it('lists every application, each one choosable', () => {
    const application = { id: 1, portal_request_id: 'RM001' } as StartReviewDto['applications'][number];
    const draft = { applications: [application] } as StartReviewDto;
    expect(RESEARCH_MATCH_START.rows(draft)).toEqual([application]);
    expect(RESEARCH_MATCH_START.choosable(application)).toBe(true);
  });
});
