import type { ConditionName } from './conditions';

/*
 * The permission vocabulary: the subjects and actions a route or service may ask about, and the
 * shape of a role's policy. The table of who holds which grants is `table.ts`.
 */

/** What a call is about. Later areas add their subjects here, and only here. */
export const SUBJECTS = [
  'Session',
  'FeatureToggle',
  'MetaData',
  'ReferenceData',
  'History',
  'ServiceHealth',
  'Cohort',
  'User',
  // Staff notes on a user (foundation §3 user.comments), for the admins of the user form.
  'UserComment',
  'Impersonation',
  'Notification',
  // Bell notifications staff send to users or groups, e.g. a release (staff §3, §4.8, §7).
  'StaffNotification',
  'PostLog',
  'Orcid',
  'Institution',
  'Rda',
  'File',
  'UserInstitution',
  'InstitutionProposal',
  'Search',
  'Compliance',
  'Email',
  'EmailLog',
  'Project',
  'ResearchTeam',
  'Dataset',
  // A dataset's UUID, version history and internal storage fields (researcher §6).
  'DatasetInternal',
  'SampleType',
  'DatasetAccess',
  'PublicDataset',
  'PublicProfile',
  // The form tester (/form_tester): previews of the dynamic forms for staff (decision 053).
  'FormTester',
  // Resource requests (researcher §2, §6; staff §6) and the sample inventory behind validateSamples.
  'Request',
  'SampleAvailability',
  // The staff panel of a request (staff §3, §6): assigned reviewers, staff comments, Zendesk tickets.
  'RequestReviewer',
  'RequestComment',
  'ZendeskTicket',
  // A request's approval notice and application PDFs (researcher §7 downloads; decision 077).
  'RequestDocument',
  // Renewals of requests: the resource impact / renewal form (researcher §2, staff §3, §7).
  'Renewal',
  // Release notes (staff §2.14, §4.8): superusers write and release them, everyone reads released ones.
  'ReleaseNote',
  // The feedback form to support (staff §2.14), signed in and out.
  'Feedback',
  // Outbound webhooks: endpoints, their delivery log and test events (beyond the spec, decision 169).
  'Webhook',
  // The staff's summary of a Research Match application, with its RM ids (staff §3, §5, §7).
  'RequestSummary',
  // Turnaround metrics of requests, reviews and RDAs (beyond the spec, issue 19, decision 270).
  'Insight',
  // When reminders about stalled work go out and what they say (issue 19, decision 273).
  'ReminderSetting',
  // A reviewer's scored review of a Research Match application (staff §3 review, §4.3, §7).
  'Review',
  // A reviewer's conflict-of-interest answer for a request (staff §3 conflict, §5, §7).
  'ReviewConflict',
  // The Research Match review cycle: the review centre (list), Start Review and the move to the
  // review meeting (review) (staff §2.3, §2.4, §4.3).
  'ReviewCycle',
  // The review meeting page of an application: its summary, averages and score cards (staff §2.5).
  'ReviewMeeting',
  // The Research Match report e-mailed to its requester (staff §2.3, §7 rm_report_dispatch).
  'ResearchMatchReport',
  // The Autism BrainNet tissue network (staff §2.8, §3, §6, §7): donors of the catalogue and the
  // pilot set; donors under review or not confirmed, which only some staff may put in a collection.
  'TissueDonor',
  'RestrictedDonor',
  // Collections (inventory carts) of donors a tissue request asks for (staff §3 abn_cart, §4.9).
  'TissueCollection',
  // Reviews of pilot tissue and tissue requests (staff §2.6, §3); `review` starts and closes the
  // review cycle (Begin Review, the bulk close of review; staff §4.3).
  'TissueReview',
  // Orders of an approved tissue request to BINS (researcher §3, §4, §7 abn_bins_upload; staff §4.2).
  'TissueOrder',
  // Every reviewer's open, due-soon and overdue reviews and turnaround (beyond the spec, issue 33).
  'ReviewerWorkload',
  // A user's own calendar feed of their dates at a secret address (beyond the spec, issue 33).
  'CalendarFeed',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/**
 * CRUD plus the domain verbs that are not plain edits: `review` (decide a status), `sign` and
 * `countersign` (the RDA), `decide` (a decision on a request through the workflow tables).
 */
export const ACTIONS = [
  'list',
  'read',
  'create',
  'update',
  'delete',
  'review',
  'sign',
  'countersign',
  'decide',
] as const;
export type Action = (typeof ACTIONS)[number];

/** `true` grants outright; a condition name grants only for objects that satisfy it. */
export type Grant = true | ConditionName;
export type Policy = Partial<Record<Subject, Partial<Record<Action, Grant>>>>;

/** Audience keys that are not roles: every visitor, and every signed-in user whatever the role. */
export type Audience = 'anyone' | 'signedIn';
