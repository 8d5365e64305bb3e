import { z } from 'zod';

/**
 * Reminders about stalled work (beyond the spec, issue 19, decisions 273–274): the kinds, the
 * words their templates may use, and the settings administrators change (`reminder-setting/`).
 * The defaults are the server's (modules/reminders/reminders.defaults.ts).
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
