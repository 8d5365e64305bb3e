import type { ReminderKind } from '@rrp/domain';

/**
 * What each kind of reminder is about, when it is due, how often it may repeat for one item, and
 * its e-mail, as issue 19 asks; seeded into `reminder_settings` (decision 273), where
 * administrators change them.
 */
interface ReminderDefault {
  /** What the reminder is about, for the settings. */
  label: string;
  /** What `after_days` counts. */
  afterLabel: string;
  afterDays: number;
  everyDays: number;
  subject: string;
  body: string;
}

/** Every default e-mail ends by saying how to stop them. */
const signedOff = (body: string) =>
  `${body}\n\nYou can stop reminder e-mails on My Profile ({link_profile}).\n\n{product}`;

/** The defaults of each kind (issue 19), seeded into `reminder_settings`. */
export const REMINDER_DEFAULTS: Record<ReminderKind, ReminderDefault> = {
  review_due: {
    label: 'Research Match reviews due soon',
    afterLabel: 'Days before the review due date',
    afterDays: 3,
    everyDays: 7,
    subject: 'Reminder: Research Match scoring due within {days} days',
    body: signedOff(
      'Dear {name},\n\nYour scoring of these Research Match applications is still open, and the review is due within {days} days:\n\n{items}\n\nPlease complete your reviews before the due date.',
    ),
  },
  rda_signature: {
    label: 'RDAs awaiting the signing official',
    afterLabel: 'Days awaiting signature',
    afterDays: 7,
    everyDays: 7,
    subject: "Reminder: your institution's RDA is waiting for your signature",
    body: signedOff(
      'Dear {name},\n\nThe Researcher Distribution Agreement of your institution has been waiting for your signature for more than {days} days:\n\n{items}\n\nResearchers at your institution cannot receive resources until it is fully executed.',
    ),
  },
  joinder: {
    label: 'Joinders a pending request waits for',
    afterLabel: 'Days the request has waited for its team',
    afterDays: 3,
    everyDays: 7,
    subject: 'Reminder: a request is waiting for you to sign the joinder',
    body: signedOff(
      'Dear {name},\n\nThese approved requests wait for their research team to be complete, and you have not signed the RDA joinder agreement of your institution yet:\n\n{items}\n\nSign the joinder at {link}.',
    ),
  },
  revisions: {
    label: 'Requests with revisions requested',
    afterLabel: 'Days in Revisions Requested',
    afterDays: 14,
    everyDays: 14,
    subject: 'Reminder: requests waiting for your revisions',
    body: signedOff(
      'Dear {name},\n\nRevisions were requested on these requests more than {days} days ago, and they are still waiting for you:\n\n{items}\n\nEdit a request to send it back for review.',
    ),
  },
  submitted_untouched: {
    label: 'Submitted requests nobody has touched',
    afterLabel: 'Days untouched',
    afterDays: 10,
    everyDays: 10,
    subject: 'Reminder: submitted requests untouched for {days} days',
    body: signedOff(
      'Dear {name},\n\nThese requests were submitted and nothing has happened to them for more than {days} days:\n\n{items}\n\nAll submitted requests: {link}.',
    ),
  },
};
