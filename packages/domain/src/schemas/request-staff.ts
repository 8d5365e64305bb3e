import { z } from 'zod';
import { reviewUserInputSchema } from './research-match-review';
import { conflictReasonsSchema } from './reviewer-assistant';

/**
 * The staff panel of a request (staff §3 request review_users, comments, zendesk_ticket_ids; §5
 * "Removing a reviewer with an active review asks for confirmation"; §7 GET user, GET
 * zendesk_ticket; §8 Zendesk messages; §9 reviewer multi-select max 100, review quarters).
 * Messages the spec does not word are decision 081.
 */

export const MAX_REVIEWERS = 100;
export const MAX_ZENDESK_TICKETS = 20;
export const COMMENT_MAX_LENGTH = 5000;

export const REQUEST_STAFF_MESSAGES = {
  tooManyReviewers: `Select at most ${MAX_REVIEWERS} reviewers.`,
  reviewersLocked: 'The reviewers of this request are locked because it was rejected.',
  /** Staff §4.3 "The delete action is disabled when the status is Approved or Rejected" (decision 312). */
  removalAfterDecision: 'A reviewer cannot be removed once the request is Approved or Rejected.',
  notReviewer: (names: string) => `Not in a reviewer group: ${names}.`,
  unknownUsers: (ids: string) => `Unknown users: ${ids}.`,
  activeReview: (names: string) =>
    `Removing these reviewers ends their active review: ${names}. Send confirm: true to remove them.`,
  commentBlank: 'This field may not be blank.',
  commentTooLong: `Ensure this field has no more than ${COMMENT_MAX_LENGTH} characters.`,
  zendeskId: 'Enter each Zendesk ticket id as a whole number.',
  tooManyTickets: `Enter at most ${MAX_ZENDESK_TICKETS} Zendesk ticket ids.`,
  noConversations: 'No valid conversations to display. Please re-check the zendesk ids provided.',
  fetchFailed: 'Sorry looks like there was an issue fetching the conversation.',
  reviewQuarter: 'Enter a review quarter as YYYY-Qn (from 2018-Q4).',
  staffFieldsAlone: 'Send comments and Zendesk ticket ids without other changes.',
} as const;

/**
 * PUT request/{id}/review_users/: the whole list; `confirm` removes reviewers with an active review.
 * On a Research Match application each entry may carry its `reviewer_role` (1 primary, 2
 * secondary, 3 other); a plain id keeps the reviewer's role, or makes a new one Other.
 */
export const reviewUsersInputSchema = z.strictObject({
  users: z
    .array(reviewUserInputSchema)
    .max(MAX_REVIEWERS, { error: REQUEST_STAFF_MESSAGES.tooManyReviewers }),
  confirm: z.boolean().optional(),
  /** Why flagged reviewers being newly assigned are assigned anyway (issue 33; optional). */
  conflict_reasons: conflictReasonsSchema.optional(),
});
export type ReviewUsersInput = z.infer<typeof reviewUsersInputSchema>;

export const reviewUserSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
  /** When the reviewer was assigned. */
  assigned: z.string(),
  /** On Research Match applications: 1 primary, 2 secondary, 3 other (null on other kinds). */
  reviewer_role: z.number().nullable().optional(),
  reviewer_role_name: z.string().nullable().optional(),
  /** Their conflict-of-interest answer: null before they answer (Research Match only). */
  conflict_exists: z.boolean().nullable().optional(),
  /** New, In Progress or Completed (Research Match only). */
  progress: z.string().nullable().optional(),
});
export type ReviewUserDto = z.infer<typeof reviewUserSchema>;

export const reviewUsersSchema = z.object({
  review_users: z.array(reviewUserSchema),
  reviewers_locked: z.boolean(),
});
export type ReviewUsersDto = z.infer<typeof reviewUsersSchema>;

/** 409 of PUT review_users/ without `confirm`: the reviewers whose active review would end. */
export const activeReviewConflictSchema = z.object({
  detail: z.string(),
  active_reviewers: z.array(z.object({ id: z.number(), display_name: z.string() })),
});

export const createRequestCommentSchema = z.strictObject({
  text: z
    .string({ error: REQUEST_STAFF_MESSAGES.commentBlank })
    .trim()
    .min(1, { error: REQUEST_STAFF_MESSAGES.commentBlank })
    .max(COMMENT_MAX_LENGTH, { error: REQUEST_STAFF_MESSAGES.commentTooLong }),
});
export type CreateRequestCommentInput = z.infer<typeof createRequestCommentSchema>;

export const requestCommentSchema = z.object({
  id: z.number(),
  request: z.number(),
  text: z.string(),
  author: z.object({ id: z.number(), display_name: z.string() }).nullable(),
  created: z.string(),
});
export type RequestCommentDto = z.infer<typeof requestCommentSchema>;

const zendeskId = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: REQUEST_STAFF_MESSAGES.zendeskId });

/** PATCH request/{id}/zendesk/: the ticket ids, deduplicated in order (an empty list clears them). */
export const zendeskTicketIdsInputSchema = z.strictObject({
  zendesk_ticket_ids: z
    .array(zendeskId, { error: REQUEST_STAFF_MESSAGES.zendeskId })
    .max(MAX_ZENDESK_TICKETS, { error: REQUEST_STAFF_MESSAGES.tooManyTickets })
    .transform((ids) => [...new Set(ids.map((id) => id.replace(/^0+(?=\d)/, '')))]),
});
export type ZendeskTicketIdsInput = z.infer<typeof zendeskTicketIdsInputSchema>;

export const zendeskTicketIdsSchema = z.object({ zendesk_ticket_ids: z.array(z.string()) });

/** GET zendesk_ticket/?ids=1,2 */
export const zendeskTicketQuerySchema = z.strictObject({
  ids: z
    .string({ error: REQUEST_STAFF_MESSAGES.zendeskId })
    .max(400)
    .transform((raw, context) => {
      const ids = raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (ids.length === 0 || ids.some((id) => !/^\d{1,15}$/.test(id))) {
        context.addIssue({ code: 'custom', message: REQUEST_STAFF_MESSAGES.zendeskId });
        return z.NEVER;
      }
      if (ids.length > MAX_ZENDESK_TICKETS) {
        context.addIssue({ code: 'custom', message: REQUEST_STAFF_MESSAGES.tooManyTickets });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
});

export const zendeskCommentSchema = z.object({
  id: z.number(),
  author: z.string(),
  body: z.string(),
  public: z.boolean(),
  created_at: z.string(),
});
export const zendeskConversationSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.string(),
  comments: z.array(zendeskCommentSchema),
  /** A demo ticket of the local stand-in used where Zendesk is not configured (development, tests). */
  demo: z.boolean().optional(),
});
export type ZendeskConversation = z.infer<typeof zendeskConversationSchema>;
/** Conversations keyed by ticket id; ids Zendesk does not know are left out. */
export const zendeskConversationsSchema = z.record(z.string(), zendeskConversationSchema);
export type ZendeskConversations = z.infer<typeof zendeskConversationsSchema>;

/** A row of GET user/ (the reviewer picker, the admin's PI picker, the user list). */
export const userListItemSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  display_name: z.string(),
  email: z.string(),
  groups: z.array(z.string()),
  /** Current affiliations, the primary one first. */
  institutions: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      verified: z.boolean(),
      primary: z.boolean(),
      joinder_date: z.string().nullable(),
    }),
  ),
  /** The primary affiliation's joinder is signed (the list's 'Joinder Signed?'). */
  joinder_signed: z.boolean(),
  active: z.boolean(),
  verified: z.boolean(),
  last_login: z.string().nullable(),
  /** When the account was made: the start of the active period of a user without an institution. */
  created: z.string(),
});
export type UserListItemDto = z.infer<typeof userListItemSchema>;
