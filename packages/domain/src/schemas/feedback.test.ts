import { describe, expect, it } from 'vitest';
import { can } from '../permissions';
import { MESSAGES } from './messages';
import { FEEDBACK_MESSAGES, feedbackSchema, postEmailSchema } from './email';

const issuesOf = (input: object) =>
  feedbackSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('feedback form (staff §5)', () => {
  it('takes the text alone, with a bot-check answer', () => {
    expect(feedbackSchema.parse({ feedback: true, body: ' Great portal ', recaptcha_token: 't' })).toEqual({
      feedback: true,
      body: 'Great portal',
      reply_wanted: false,
      contact_email: '',
      recaptcha_token: 't',
    });
  });

  it("requires the feedback text ('Required')", () => {
    expect(issuesOf({ feedback: true })).toEqual([['body', FEEDBACK_MESSAGES.required]]);
    expect(issuesOf({ feedback: true, body: '  ' })).toEqual([['body', FEEDBACK_MESSAGES.required]]);
  });

  it('requires a contact e-mail when a reply is wanted, and a valid one when given', () => {
    expect(issuesOf({ feedback: true, body: 'Hi', reply_wanted: true })).toEqual([
      ['contact_email', FEEDBACK_MESSAGES.required],
    ]);
    expect(issuesOf({ feedback: true, body: 'Hi', reply_wanted: true, contact_email: 'nope' })).toEqual([
      ['contact_email', MESSAGES.invalidEmail],
    ]);
    expect(
      feedbackSchema.safeParse({ feedback: true, body: 'Hi', reply_wanted: true, contact_email: 'a@b.org' })
        .success,
    ).toBe(true);
  });

  it('takes no recipients: feedback goes to support only', () => {
    expect(feedbackSchema.safeParse({ feedback: true, body: 'Hi', to: ['x@example.org'] }).success).toBe(
      false,
    );
  });

  it('is told apart from the staff composer by `feedback`', () => {
    expect(postEmailSchema.parse({ feedback: true, body: 'Hi' })).toMatchObject({ feedback: true });
    expect(postEmailSchema.parse({ to: 'a@b.org', subject: 'S', body: 'B' })).toMatchObject({
      email_template: 'custom',
      attachments: [],
    });
    expect(postEmailSchema.safeParse({ feedback: 'yes', body: 'Hi' }).success).toBe(false);
  });

  it('is open to visitors', () => {
    expect(can(null, 'create', 'Feedback')).toBe(true);
    expect(can(null, 'create', 'Email')).toBe(false);
  });
});
