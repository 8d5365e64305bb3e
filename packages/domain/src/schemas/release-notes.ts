import { z } from 'zod';

/** Release notes (staff §2.14, §3, §4.8, §5). */
export const RELEASE_NOTE_MESSAGES = {
  /** Staff §5: "version required ('Required')". */
  required: 'Required',
  versionTooLong: 'Ensure this field has no more than 10 characters.',
  versionFormat: 'Use digits and dots only, e.g. 2.4.1.',
  versionTaken: 'A release note with this version already exists.',
  /** Draft to released is one way (staff §4.8). */
  cannotUnrelease: 'A released note cannot go back to draft.',
} as const;

/** Staff §9: "release note version max 10". */
export const RELEASE_VERSION_MAX_LENGTH = 10;

/**
 * What the version field lets through as it is typed (staff §5 "only digits and dots may be
 * typed"): everything else is dropped, and the text stops at the length limit.
 */
export function typeableReleaseVersion(value: string): string {
  return value.replace(/[^\d.]/g, '').slice(0, RELEASE_VERSION_MAX_LENGTH);
}

/** A release version: digits separated by single dots, at most 10 characters (staff §3, §5). */
export const releaseVersionSchema = z
  .string({ error: RELEASE_NOTE_MESSAGES.required })
  .trim()
  .min(1, { error: RELEASE_NOTE_MESSAGES.required })
  .max(RELEASE_VERSION_MAX_LENGTH, { error: RELEASE_NOTE_MESSAGES.versionTooLong })
  // Blank is only "Required"; anything typed must be digits and dots.
  .regex(/^(\d+(\.\d+)*)?$/, { error: RELEASE_NOTE_MESSAGES.versionFormat });

/** The note's text: HTML from the rich-text editor, sanitised by the server. */
const releaseTextSchema = z.string().max(200_000);

/** POST release_note/ (staff §7 "version, text, released"). */
export const createReleaseNoteSchema = z.strictObject({
  version: releaseVersionSchema,
  text: releaseTextSchema.default(''),
  /** Created released at once ("new notes show a Release button"), or as a draft. */
  released: z.boolean().default(false),
});
export type CreateReleaseNote = z.infer<typeof createReleaseNoteSchema>;
export type CreateReleaseNoteInput = z.input<typeof createReleaseNoteSchema>;

/** PATCH release_note/{id}/: any of the fields; `released: true` releases a draft. */
export const updateReleaseNoteSchema = z.strictObject({
  version: releaseVersionSchema.optional(),
  text: releaseTextSchema.optional(),
  released: z.boolean().optional(),
});
export type UpdateReleaseNote = z.infer<typeof updateReleaseNoteSchema>;

export const releaseNoteSchema = z.object({
  id: z.number(),
  version: z.string(),
  text: z.string(),
  released: z.boolean(),
  released_at: z.string().nullable(),
  created: z.string(),
  modified: z.string(),
  /** What the caller may do with it (`useCan`). */
  permissions: z.array(z.string()),
});
export type ReleaseNoteDto = z.infer<typeof releaseNoteSchema>;
