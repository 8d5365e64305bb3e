import type { RoleKey } from '../constants/roles';
import type { Audience, Policy } from './vocabulary';

export * from './vocabulary';

const READ_ONLY = { list: true, read: true } as const;
/** Staff who oversee institutions and their agreements without changing them. */
const INSTITUTION_VIEWER = {
  Institution: READ_ONLY,
  Rda: READ_ONLY,
  UserInstitution: READ_ONLY,
  // The SBSO compliance page (staff §2.13).
  Compliance: READ_ONLY,
} as const;
/** Staff who see every project and its team without changing them (researcher §6). */
const PROJECT_VIEWER = { Project: READ_ONLY, ResearchTeam: READ_ONLY } as const;
/**
 * A researcher's own projects: they create them, read those whose team they are on, and
 * edit, delete and see the audit trail of those they own (researcher §6).
 */
const PROJECT_OWNER = {
  Project: { list: true, read: 'isTeamMember', create: true, update: 'isOwner', delete: 'isOwner' },
  ResearchTeam: { list: true, read: 'isTeamMember', update: 'isOwner' },
  History: { list: 'isOwner', read: 'isOwner' },
} as const;
/**
 * A researcher's own requests: they file them for their projects, read those of the projects
 * whose team they are on, and edit and delete the ones they own (researcher §2, §4, §6).
 */
const REQUESTER = {
  Request: { list: true, read: 'isTeamMember', create: true, update: 'isOwner', delete: 'isOwner' },
  SampleAvailability: { read: true },
  RequestDocument: { read: 'isOwner' },
  // The owner files and edits renewals; the request's team reads them (decision 085).
  Renewal: { list: true, read: 'isTeamMember', create: true, update: 'isOwner' },
} as const;
/** Staff who read every request (and download its approval notice and application). */
const REQUEST_VIEWER = { Request: READ_ONLY, RequestDocument: { read: true } } as const;
/**
 * The staff panel of a request (staff §6 "request staff panel"; "notes on requests are visible to
 * admins and project managers"): who reviews it, staff comments and support tickets.
 */
const REQUEST_STAFF_PANEL = {
  RequestReviewer: { list: true, update: true },
  RequestComment: { list: true, create: true },
  // Staff §7 `POST review` naming a reviewer with nothing scored assigns them (issue 29).
  Review: { create: 'isAssignment' },
} as const;
/** Reviewers read the requests assigned to them, and only those (staff §6 "only own assignments"). */
const ASSIGNED_REVIEWER = { Request: { list: true, read: 'isAssignedReviewer' } } as const;
/** Staff pickers of users (reviewers, a project's PI), the user list and user pages (staff §7 GET user). */
const USER_VIEWER = { User: READ_ONLY } as const;
/**
 * The admin user form (staff §2.12, §6: {product}_admin, access_admin; a superuser grants the
 * superuser role, decision 143): create and edit users, their roles, notes and affiliations, and
 * see who acted as them.
 */
const USER_ADMIN = {
  User: { list: true, read: true, create: true, update: true },
  UserComment: { read: true, update: true },
  UserInstitution: { list: true, read: true, create: true, update: true },
} as const;
/** A signing official's Users page: the researchers affiliated with their institutions (foundation §2). */
const OFFICIAL_USER_VIEWER = { User: { list: true, read: 'isUsersOfficial' } } as const;
/**
 * Research Match reviewers (staff §2.6, §4.3, §6): on the applications assigned to them they read
 * the staff's summary, answer the conflict question, and score while Under Review without a
 * conflict; they read their own reviews and answers, and their own assignments in the centre.
 */
const RM_SCORING = {
  RequestSummary: { read: 'isAssignedReviewer' },
  Review: { list: true, read: 'isAuthor', create: 'isScoringReviewer', update: 'isScoringReviewer' },
  ReviewConflict: { list: true, read: 'isAuthor', create: 'isAssignedReviewer' },
  ReviewCycle: { list: true },
} as const;
const RESEARCH_MATCH_REVIEWER = { ...ASSIGNED_REVIEWER, ...RM_SCORING } as const;
/**
 * Research Match administration (staff §2.3–§2.5, §6): the summary of an application with its RM
 * ids and meeting notes, every review and conflict answer (and withdrawing a declared conflict),
 * Start Review and the move to the meeting, the meeting page and the report.
 */
const RESEARCH_MATCH_ADMIN = {
  RequestSummary: { read: true, update: true },
  // Every review; they assign reviewers through `POST review` too (issue 29).
  Review: { ...READ_ONLY, create: 'isAssignment' },
  ReviewConflict: { list: true, read: true, delete: true },
  ReviewCycle: { list: true, review: true },
  ReviewMeeting: { read: true },
  ResearchMatchReport: { create: true },
} as const;
/** Staff who read every request read its Research Match summary, reviews and meeting too. */
const SUMMARY_VIEWER = {
  RequestSummary: { read: true },
  Review: READ_ONLY,
  ReviewConflict: READ_ONLY,
  ReviewCycle: { list: true },
  ReviewMeeting: { read: true },
} as const;
/** Staff who see a dataset's UUID, version history and who has access to it. */
const DATASET_STAFF = { DatasetInternal: { read: true }, DatasetAccess: READ_ONLY } as const;
/** The global search box of the staff header (foundation §2 navigation). */
const SEARCH = { Search: { list: true } } as const;
/** The turnaround metrics (/insights): the staff who run the reviews and decide requests (decision 270). */
const INSIGHTS = { Insight: { read: true } } as const;
/** Every reviewer's load (/reviewer-workload, issue 33): the staff who assign reviewers. */
const REVIEWER_WORKLOAD = { ReviewerWorkload: READ_ONLY } as const;
/**
 * The tissue catalogue and pilot set (staff §2.8, §7 abn_data): staff read it; researchers once
 * their Autism BrainNet Data Access request is approved (foundation §2 "Tissue Catalog (only if
 * abn_approved)"; the service tells the condition who the caller is, decision 233).
 */
const TISSUE_CATALOGUE_VIEWER = {
  TissueDonor: READ_ONLY,
  TissueCollection: READ_ONLY,
  TissueOrder: { read: true },
} as const;
/**
 * Researchers build their own collections once they may read the catalogue, and change or delete
 * them while the collection rules allow (staff §4.9, checked by the service).
 */
const TISSUE_CATALOGUE_RESEARCHER = {
  TissueDonor: { list: 'hasAbnAccess', read: 'hasAbnAccess' },
  TissueCollection: {
    list: true,
    read: 'isOwner',
    create: 'hasAbnAccess',
    update: 'isOwner',
    delete: 'isOwner',
  },
  // The research team sees the order of their approved request, read-only (decision 242).
  TissueOrder: { read: 'isTeamMember' },
} as const;
/**
 * Tissue staff build collections for researchers, choosing the researcher and request, and edit
 * them on the request page (staff §6 abn_proj_mgr; researcher §2 "Edit Collection").
 */
const TISSUE_COLLECTION_STAFF = {
  TissueDonor: READ_ONLY,
  TissueCollection: { list: true, read: true, create: true, update: true, delete: true },
  // Begin Review and closing review ({product}_admin and abn_proj_mgr only, staff §4.3); every review.
  TissueReview: { list: true, read: true, review: true },
  // They send an approved request's order to BINS and edit it (staff §6 abn_proj_mgr "tissue orders").
  TissueOrder: { read: true, create: true, update: true },
} as const;
/** Donors under review or not confirmed may be put in a collection by admins only (staff §5, §6). */
const RESTRICTED_DONOR_SELECTOR = { RestrictedDonor: { create: true } } as const;
/** Previewing and trying the dynamic forms researchers fill in (decision 053). */
const FORM_TESTER = { FormTester: { read: true } } as const;

/**
 * The one permission table: audience or role -> subject -> action -> grant.
 * A role's rights are the union of `anyone`, `signedIn` and its own entry.
 */
export const PERMISSIONS = {
  anyone: {
    ReferenceData: READ_ONLY,
    MetaData: READ_ONLY,
    Cohort: READ_ONLY,
    // The picker of approved institutions; the service shows visitors approved ones only.
    Institution: { list: true },
    // Public resources and the researchers with approved dataset requests (researcher §2, §6).
    PublicDataset: READ_ONLY,
    PublicProfile: READ_ONLY,
    // The feedback form (staff §2.14), behind the bot check and a rate limit.
    Feedback: { create: true },
  },
  signedIn: {
    Session: { read: true, delete: true },
    User: { read: 'isSelf', update: 'isSelf' },
    FeatureToggle: READ_ONLY,
    Notification: { list: true, read: 'isRecipient', create: true, delete: 'isRecipient' },
    PostLog: { create: true },
    // Files are reached by id; what may be done with one follows the object it belongs to.
    // Uploads and lists likewise: the owning module's policy decides per type and object.
    File: { list: true, read: true, create: true, update: true },
    // Own affiliations (the joinder); officials and staff see more through their own grants.
    UserInstitution: { list: true, read: 'isAffiliationOwner', update: 'isAffiliationOwner' },
    Orcid: { read: true },
    // The catalogue; the service shows unavailable datasets to dataset staff only.
    Dataset: READ_ONLY,
    SampleType: READ_ONLY,
    // Released notes only; drafts are the superusers' (staff §2.14).
    ReleaseNote: { list: true, read: 'isReleased' },
    // Their own calendar feed's address: see it, make or regenerate it, turn it off (issue 33).
    CalendarFeed: { read: true, create: true, delete: true },
  },
  primary_researcher: {
    ...PROJECT_OWNER,
    ...REQUESTER,
    ...TISSUE_CATALOGUE_RESEARCHER,
    InstitutionProposal: { create: true, update: true },
    UserInstitution: { create: true },
    Institution: { list: true, read: 'isMember' },
    Rda: { read: 'isMember' },
  },
  portal_admin: {
    ...FORM_TESTER,
    ...SEARCH,
    History: READ_ONLY,
    Impersonation: { list: true, create: true },
    StaffNotification: { create: true },
    Institution: { list: true, read: true, create: true, update: true, delete: true, review: true },
    // The admin form posts to institution-helper/ too (foundation §3): an institution with its official.
    InstitutionProposal: { create: true, update: true },
    Rda: { list: true, read: true, create: true, update: true },
    Compliance: READ_ONLY,
    // The e-mail composer (staff §6 "{product}_admin: e-mail") and the log of what was sent,
    // where a sent or failed e-mail can be sent again (`create` a copy).
    Email: { read: true, create: true },
    EmailLog: { list: true, read: true, create: true },
    Project: { list: true, read: true, create: true, update: true, delete: true },
    ResearchTeam: { list: true, read: true, update: true },
    // Dataset form, edit details, new version and restricted resources (staff §6, researcher §6).
    ...DATASET_STAFF,
    Dataset: { list: true, read: true, create: true, update: true },
    SampleType: { list: true, read: true, update: true },
    // Every request; admins also file requests for a PI (researcher §2 admin variant).
    Request: { list: true, read: true, create: true, update: true, delete: true, decide: true },
    SampleAvailability: { read: true },
    RequestDocument: { read: true },
    // Renewals are filed by the owner only; admins read them and set their status.
    Renewal: { list: true, read: true, update: true },
    ...REQUEST_STAFF_PANEL,
    ...RESEARCH_MATCH_ADMIN,
    ZendeskTicket: { read: true, update: true },
    ...USER_ADMIN,
    ...INSIGHTS,
    ...REVIEWER_WORKLOAD,
    ReminderSetting: { list: true, read: true, update: true },
    ...TISSUE_COLLECTION_STAFF,
    ...RESTRICTED_DONOR_SELECTOR,
  },
  portal_admin_lead: {
    ...FORM_TESTER,
    ...USER_VIEWER,
    History: READ_ONLY,
    ...INSTITUTION_VIEWER,
    ...PROJECT_VIEWER,
    ...REQUEST_VIEWER,
    ...SUMMARY_VIEWER,
    Renewal: READ_ONLY,
    Rda: { list: true, read: true, countersign: true },
    ...INSIGHTS,
    ...TISSUE_CATALOGUE_VIEWER,
  },
  // Research match administration (staff §6): decisions on requests through the workflow tables.
  rm_admin: {
    History: READ_ONLY,
    // Deciding includes the spec's `PATCH request/{id}` with a status (issue 29), nothing else of it.
    Request: { list: true, read: true, decide: true, update: 'isDecision' },
    RequestDocument: { read: true },
    Renewal: READ_ONLY,
    // They assign the reviewers of the applications, with their roles (issue 17).
    RequestReviewer: { list: true, update: true },
    ...USER_VIEWER,
    ...RESEARCH_MATCH_ADMIN,
    ...INSIGHTS,
    ...REVIEWER_WORKLOAD,
  },
  sbso: {
    Institution: { list: true, read: 'isOfficial', update: 'isOfficial' },
    // Their own institution's audit trail (decision 127).
    History: { list: 'isOfficial', read: 'isOfficial' },
    Rda: { read: 'isOfficial', sign: 'isOfficial' },
    UserInstitution: { list: true, read: 'isOfficial' },
    ...OFFICIAL_USER_VIEWER,
  },
  external_reviewer: { ...RESEARCH_MATCH_REVIEWER },
  internal_reviewer: { ...RESEARCH_MATCH_REVIEWER },
  portal_reviewer: {
    ...FORM_TESTER,
    ...INSTITUTION_VIEWER,
    ...SEARCH,
    ...PROJECT_VIEWER,
    // The team of a project they review a request of (researcher §6 "Edit Team: owner or those
    // staff roles"; decision 119), not every project's.
    ResearchTeam: { ...READ_ONLY, update: 'isAssignedReviewer' },
    ...REQUEST_VIEWER,
    Renewal: READ_ONLY,
    ...RM_SCORING,
    // The Availability tab of biospecimen requests (researcher §2).
    SampleAvailability: { read: true },
    // Only their own assignments (staff §6), and who else reviews them.
    Request: { list: true, read: 'isAssignedReviewer' },
    RequestReviewer: { list: true },
    // The command centre's Autism BrainNet tab (staff §2.1): the ABN dashboard of their own
    // assignments (decision 239).
    TissueReview: { list: true },
  },
  // Tissue project managers file requests for a PI (researcher §2 wizard variant, staff §6).
  abn_proj_mgr: {
    History: READ_ONLY,
    ...SEARCH,
    ...PROJECT_VIEWER,
    // They change a request only by deciding, `PATCH request/{id}` with a status included (staff
    // §4.3 Begin Review, issue 29); its other fields stay the owner's and the administrators'.
    Request: { list: true, read: true, create: true, decide: true, update: 'isDecision' },
    SampleAvailability: { read: true },
    RequestDocument: { read: true },
    Renewal: READ_ONLY,
    ...REQUEST_STAFF_PANEL,
    ...USER_VIEWER,
    ...INSIGHTS,
    ...REVIEWER_WORKLOAD,
    ...TISSUE_COLLECTION_STAFF,
    ...RESTRICTED_DONOR_SELECTOR,
  },
  // Tissue reviewers read the donors, and the collections of the requests they review.
  abn_reviewer: {
    ...ASSIGNED_REVIEWER,
    TissueDonor: READ_ONLY,
    TissueCollection: { list: true, read: 'isAssignedReviewer' },
    // Their own reviews: the scoring page (staff §2.6).
    TissueReview: { list: true, read: 'isAssignedReviewer', update: 'isAssignedReviewer' },
  },
  internal_read_only: {
    History: READ_ONLY,
    ...INSTITUTION_VIEWER,
    ...SEARCH,
    ...PROJECT_VIEWER,
    ...REQUEST_VIEWER,
    ...SUMMARY_VIEWER,
    Renewal: READ_ONLY,
    ...USER_VIEWER,
    ...TISSUE_CATALOGUE_VIEWER,
  },
  superuser: {
    ...FORM_TESTER,
    ...SEARCH,
    History: READ_ONLY,
    ...INSTITUTION_VIEWER,
    ...USER_ADMIN,
    Impersonation: { list: true, create: true },
    // Release notes notify groups when released (staff §4.8).
    StaffNotification: { create: true },
    ServiceHealth: { read: true },
    DatasetInternal: { read: true },
    FeatureToggle: { list: true, read: true, update: true },
    ReleaseNote: { list: true, read: true, create: true, update: true, delete: true },
    // Support staff (they receive error reports and feedback) follow what the portal sent.
    EmailLog: { list: true, read: true, create: true },
    // Registering where the portal posts its events is the technical administrators' (decision 169).
    Webhook: { list: true, read: true, create: true, update: true, delete: true },
    ReminderSetting: { list: true, read: true, update: true },
    ...REVIEWER_WORKLOAD,
  },
  access_admin: {
    History: READ_ONLY,
    ...INSTITUTION_VIEWER,
    ...SEARCH,
    ...PROJECT_VIEWER,
    ResearchTeam: { ...READ_ONLY, update: true },
    // The dataset form (create only) and dataset access per user (staff §6).
    ...DATASET_STAFF,
    Dataset: { list: true, read: true, create: true },
    DatasetAccess: { list: true, read: true, create: true, update: true },
    ...REQUEST_VIEWER,
    ...USER_ADMIN,
    // Who acted as a user, on the user page (decision 146).
    Impersonation: { list: true },
    ...TISSUE_CATALOGUE_VIEWER,
    ...RESTRICTED_DONOR_SELECTOR,
  },
  pi_sbso: {
    ...SEARCH,
    ...PROJECT_OWNER,
    ...REQUESTER,
    ...TISSUE_CATALOGUE_RESEARCHER,
    InstitutionProposal: { create: true, update: true },
    ...OFFICIAL_USER_VIEWER,
  },
} as const satisfies Record<Audience | RoleKey, Policy>;
