import type { Actor } from './actor';

/**
 * Named conditions a grant may carry. Each reads the actor and the object the call is about;
 * objects expose the plain fields a condition needs, so the table never reaches the database.
 */
export const CONDITIONS = {
  /** The object is the actor's own user record. */
  isSelf: (actor: Actor, object: { id?: number | null }) => object.id === actor.userId,
  /** The actor owns the object (projects, requests, carts). */
  isOwner: (actor: Actor, object: { ownerId?: number | null }) => object.ownerId === actor.userId,
  /** The actor is the institution's current signing official. */
  isOfficial: (actor: Actor, object: { currentIoId?: number | null }) => object.currentIoId === actor.userId,
  /**
   * The actor is affiliated with the institution. The service lists the members it checked
   * (usually just whether the caller is one), so the rule stays here and the query there.
   */
  isMember: (actor: Actor, object: { memberIds?: readonly number[] }) =>
    object.memberIds?.includes(actor.userId) ?? false,
  /** The affiliation (user-institution link) is the actor's own. */
  isAffiliationOwner: (actor: Actor, object: { userId?: number | null }) => object.userId === actor.userId,
  /**
   * The actor is on the project's current research team (the PI's own row included). The
   * service lists the member ids it checked, as for `isMember`.
   */
  isTeamMember: (actor: Actor, object: { teamMemberIds?: readonly number[] }) =>
    object.teamMemberIds?.includes(actor.userId) ?? false,
  /**
   * The actor is assigned to review the request (staff §6 "only own assignments"), or for a
   * project and its team, a request of the project. The service lists the reviewer ids it
   * checked, as for `isMember`.
   */
  isAssignedReviewer: (actor: Actor, object: { reviewerIds?: readonly number[] }) =>
    object.reviewerIds?.includes(actor.userId) ?? false,
  /**
   * An assigned reviewer who has not declared a conflict of interest, on their own review when the
   * object is one (staff §4.3 "the review form is disabled when … a conflict exists"; DESIGN §3
   * "assigned reviewer without conflict"). The service lists the ids it checked, as for `isMember`.
   */
  isScoringReviewer: (
    actor: Actor,
    object: { reviewerIds?: readonly number[]; conflictedIds?: readonly number[]; authorId?: number | null },
  ) =>
    (object.reviewerIds?.includes(actor.userId) ?? false) &&
    !(object.conflictedIds?.includes(actor.userId) ?? false) &&
    (object.authorId === undefined || object.authorId === actor.userId),
  /** The actor wrote the object (a review, a conflict-of-interest answer). */
  isAuthor: (actor: Actor, object: { authorId?: number | null }) => object.authorId === actor.userId,
  /**
   * The user is affiliated with an institution whose current signing official is the actor. The
   * service lists those institutions' official ids, as for `isMember`.
   */
  isUsersOfficial: (actor: Actor, object: { officialIds?: readonly number[] }) =>
    object.officialIds?.includes(actor.userId) ?? false,
  /** The notification is addressed to the actor. */
  isRecipient: (actor: Actor, object: { recipientId?: number | null }) => object.recipientId === actor.userId,
  /**
   * The actor's Autism BrainNet Data Access request is approved (the session's `abn_approved`).
   * The service reads it and passes `{ abnApproved }`, as for `isMember`.
   */
  hasAbnAccess: (_actor: Actor, object: { abnApproved?: boolean }) => object.abnApproved === true,
  /**
   * The change is a decision on the request: a status through the workflow tables (staff §7
   * `PATCH request/{id}` status). The service marks the object it checks (`{ decision: true }`).
   */
  isDecision: (_actor: Actor, object: { decision?: boolean }) => object.decision === true,
  /**
   * The call assigns a reviewer: another user named as a request's reviewer, with nothing scored
   * (staff §7 `POST review`). The service marks the object it checks (`{ assignment: true }`).
   */
  isAssignment: (_actor: Actor, object: { assignment?: boolean }) => object.assignment === true,
  /** The release note is released (drafts are their writers'). */
  isReleased: (_actor: Actor, object: { released?: boolean }) => object.released === true,
} satisfies Record<string, (actor: Actor, object: never) => boolean>;

export type ConditionName = keyof typeof CONDITIONS;
