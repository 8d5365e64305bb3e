import { z } from 'zod';

/**
 * Reminders about stalled work (beyond the spec, issue 19, decisions 273–274): what each kind is
 * about, when it is due, how often it may repeat for the same item, and its e-mail, which
 * administrators may change (`reminder-setting/`).
 */
export const REMINDER_KINDS = [
  'review_due',
  'rda_signature',
  'joinder',
  'revisions',
  'submitted_untouched',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The words a template may use, each replaced when the e-mail is written. */
export const REMINDER_PLACEHOLDERS = {
  name: "the recipient's name",
  count: 'how many items the reminder is about',
  days: 'the days of the setting (before the due date, or waiting)',
  items: 'the items, one per line, each with its link',
  link: 'the page where the items are dealt with',
  product: "the portal's name",
  link_profile: 'My Profile, where the recipient stops reminder e-mails',
} as const;
export type ReminderPlaceholder = keyof typeof REMINDER_PLACEHOLDERS;

export interface ReminderDefault {
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

const KNOWN_PLACEHOLDERS = new Set<string>(Object.keys(REMINDER_PLACEHOLDERS));

export const REMINDER_MESSAGES = {
  days: 'Enter a whole number of days from 1 to 365.',
  required: 'This field is required.',
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder${names.length > 1 ? 's' : ''} ${names.map((name) => `{${name}}`).join(', ')}. Use ${[
      ...KNOWN_PLACEHOLDERS,
    ]
      .map((name) => `{${name}}`)
      .join(', ')}.`,
} as const;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The placeholders of a template that are not known. */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)]
    .map((match) => match[1]!)
    .filter((name, index, all) => !KNOWN_PLACEHOLDERS.has(name) && all.indexOf(name) === index);
}

/** A template with its placeholders replaced (an unknown one is left as written). */
export function renderReminderTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const daysSchema = z
  .number({ error: REMINDER_MESSAGES.days })
  .int({ error: REMINDER_MESSAGES.days })
  .min(1, { error: REMINDER_MESSAGES.days })
  .max(365, { error: REMINDER_MESSAGES.days });

const templateSchema = (max: number) =>
  z
    .string({ error: REMINDER_MESSAGES.required })
    .trim()
    .min(1, { error: REMINDER_MESSAGES.required })
    .max(max)
    .superRefine((value, context) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length)
        context.addIssue({ code: 'custom', message: REMINDER_MESSAGES.unknownPlaceholder(unknown) });
    });

/** PATCH reminder-setting/{id}/ */
export const updateReminderSettingSchema = z.strictObject({
  enabled: z.boolean().optional(),
  after_days: daysSchema.optional(),
  every_days: daysSchema.optional(),
  subject: templateSchema(200).optional(),
  body: templateSchema(5000).optional(),
});
export type UpdateReminderSetting = z.infer<typeof updateReminderSettingSchema>;

export const reminderSettingSchema = z.object({
  /** The setting's number; `kind` names it. */
  id: z.number().int(),
  kind: z.enum(REMINDER_KINDS),
  label: z.string(),
  after_label: z.string(),
  enabled: z.boolean(),
  after_days: z.number().int(),
  every_days: z.number().int(),
  subject: z.string(),
  body: z.string(),
  modified: z.string(),
});
export type ReminderSettingDto = z.infer<typeof reminderSettingSchema>;
