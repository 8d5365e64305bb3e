import { describe, expect, it } from 'vitest';
import {
  canContinue,
  canSend,
  decisionPayload,
  errorLines,
  hasApprovalNotice,
  maySkipEmail,
  showTeamGaps,
  type Attachment,
} from './rules';

const options = [
  { status: 4, name: 'Approved', action: 'Approve', email: 'optional' as const },
  { status: 5, name: 'Rejected', action: 'Reject', email: 'required' as const },
];
const ready: Attachment = { key: 'a', name: 'a.pdf', state: 'ready', fileId: 3 };
const failed: Attachment = { key: 'b', name: 'b.exe', state: 'failed', error: 'Virus found' };
const uploading: Attachment = { key: 'c', name: 'c.pdf', state: 'uploading' };

describe('decision rules', () => {
  it('continues only with a decision that is one of the options', () => {
    expect(canContinue(options, null)).toBe(false);
    expect(canContinue(options, 7)).toBe(false);
    expect(canContinue(options, 5)).toBe(true);
    expect(canContinue([], 5)).toBe(false);
  });

  it('offers Skip e-mail only for an optional e-mail', () => {
    expect(maySkipEmail(options[0])).toBe(true);
    expect(maySkipEmail(options[1])).toBe(false);
    expect(maySkipEmail(null)).toBe(false);
  });

  it('shows team gaps only when an approval is offered and the team is incomplete', () => {
    const missing = [{ user_id: 1, display_name: 'Cora', reasons: ['No IRB'] }];
    expect(showTeamGaps({ options, team: { complete: false, missing } })).toBe(true);
    expect(showTeamGaps({ options, team: { complete: true, missing: [] } })).toBe(false);
    expect(showTeamGaps({ options: [options[1]!], team: { complete: false, missing } })).toBe(false);
    expect(
      showTeamGaps({
        options: [{ status: 12, name: 'Approved (Pending Team)', action: 'Approve', email: 'optional' }],
        team: { complete: false, missing },
      }),
    ).toBe(true);
  });

  it('sends only with a recipient and no upload under way', () => {
    expect(canSend('', [])).toBe(false);
    expect(canSend(' ,  , ', [])).toBe(false);
    expect(canSend('pat@uni.test', [])).toBe(true);
    expect(canSend('pat@uni.test', [ready, failed])).toBe(true);
    expect(canSend('pat@uni.test', [uploading])).toBe(false);
  });

  it('builds the decision body: recipients split on spaces and commas, only stored attachments', () => {
    expect(decisionPayload(6, null)).toEqual({ status: 6 });
    expect(
      decisionPayload(
        5,
        { to: 'a@x.test b@x.test', cc: 'c@x.test,d@x.test', bcc: '', subject: 'S', body: 'B' },
        [ready, failed, uploading],
      ),
    ).toEqual({
      status: 5,
      email: {
        to: ['a@x.test', 'b@x.test'],
        cc: ['c@x.test', 'd@x.test'],
        bcc: [],
        subject: 'S',
        body: 'B',
        attachments: [3],
      },
    });
  });

  it('turns a 400 into labelled lines, nested e-mail errors included', () => {
    expect(
      errorLines({
        status: ['Not allowed.'],
        'email.to': ['Add at least one recipient.'],
        email: { subject: ['This field may not be blank.'] },
        non_field_errors: ['Try again.'],
        correlation_id: 'abc',
      }),
    ).toEqual([
      'Decision: Not allowed.',
      'To: Add at least one recipient.',
      'Subject: This field may not be blank.',
      'Try again.',
    ]);
  });

  it('has an approval notice once approved or fulfilled', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12, 13, 14].filter(hasApprovalNotice)).toEqual([4, 7]);
  });
});
