import { z } from 'zod';
import { RELEASE_NOTE_MESSAGES, releaseVersionSchema } from './release-notes';

/** One bell notification as its recipient sees it (foundation §3 "notification"). */
export const notificationSchema = z.object({
  id: z.number(),
  message: z.string(),
  redirect: z.string().nullable(),
  task_name: z.string().nullable(),
  created: z.string(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

/** POST notification/: the unexpected-error report (foundation §3), for support staff. */
export const errorReportSchema = z.strictObject({
  task_name: z.literal('error_report'),
  fields: z.strictObject({
    email: z.string().max(254).optional(),
    notes: z.string().max(5000).optional(),
    payload_body: z.string().max(20000).optional(),
    response_body: z.string().max(20000).optional(),
    error_fe_url: z.string().max(2000).optional(),
    error_api_url: z.string().max(2000).optional(),
  }),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

export const NOTIFICATION_MESSAGES = {
  noRecipients: 'Choose at least one recipient or recipient group.',
  unknownTask: 'Unknown task_name: use error_report, release_note or message.',
  releaseVersion: RELEASE_NOTE_MESSAGES.versionFormat,
  inAppPath: 'The link must be a page of this portal, starting with /.',
  unknownUsers: (ids: readonly number[]) => `No active user with id ${ids.join(', ')}.`,
  unknownGroups: (names: readonly string[]) => `No group named ${names.join(', ')}.`,
} as const;

const userId = z.number().int().positive().max(2_147_483_647);

/** Who receives a staff notification: user ids and/or groups (staff §3 "recipient_id list or recipient_groups"). */
const recipientFields = {
  recipient_id: z
    .union([userId, z.array(userId).max(5000)])
    .transform((ids) => (Array.isArray(ids) ? ids : [ids]))
    .optional(),
  recipient_groups: z.array(z.string().trim().min(1).max(150)).max(50).optional(),
};

/** A link inside the portal: a path, never another site (`//host` or `https:`). */
const inAppPathSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, { error: NOTIFICATION_MESSAGES.inAppPath });

/**
 * The notifications staff may send, by task_name, with the fields each one reads. What the bell
 * shows is derived from them in one place (`describeStaffNotification`).
 */
const releaseNoteNotification = z.strictObject({
  ...recipientFields,
  task_name: z.literal('release_note'),
  fields: z.strictObject({ version: releaseVersionSchema }),
});
const messageNotification = z.strictObject({
  ...recipientFields,
  task_name: z.literal('message'),
  fields: z.strictObject({
    message: z.string().trim().min(1, { error: 'Required' }).max(500),
    redirect: inAppPathSchema.optional(),
  }),
});

/**
 * POST notification/ (staff §7 "recipients (ids or groups), task_name, fields"): an error report
 * from anyone signed in, or a notification staff send to users and groups.
 */
const notificationVariants = [errorReportSchema, releaseNoteNotification, messageNotification] as const;
/** The task names POST notification/ takes, one per variant. */
export const NOTIFICATION_TASK_NAMES = notificationVariants.map((variant) => variant.shape.task_name.value);

export const createNotificationSchema = z
  .discriminatedUnion('task_name', [...notificationVariants], {
    error: NOTIFICATION_MESSAGES.unknownTask,
  })
  .superRefine((input, ctx) => {
    if (input.task_name === 'error_report') return;
    if (!input.recipient_id?.length && !input.recipient_groups?.length) {
      ctx.addIssue({ code: 'custom', path: ['recipient_id'], message: NOTIFICATION_MESSAGES.noRecipients });
    }
  })
  // The OpenAPI document shows each variant on its own; this names every accepted task_name at once.
  .meta({
    properties: { task_name: { type: 'string', enum: NOTIFICATION_TASK_NAMES } },
    required: ['task_name'],
  });
export type CreateNotification = z.infer<typeof createNotificationSchema>;
export type StaffNotification = Exclude<CreateNotification, ErrorReport>;

/** What POST notification/ answers: the first notification written, and how many people got one. */
export const notificationCreatedSchema = z.object({ id: z.number().nullable(), recipients: z.number() });

/** The bell's text and link for a staff notification, from its task and fields (decision 106). */
export function describeStaffNotification(notification: StaffNotification): {
  message: string;
  redirect: string | null;
} {
  switch (notification.task_name) {
    case 'release_note':
      return { message: `Release ${notification.fields.version} is available`, redirect: '/release-notes' };
    case 'message':
      return { message: notification.fields.message, redirect: notification.fields.redirect ?? null };
  }
}
