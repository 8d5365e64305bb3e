import Papa from 'papaparse';
import {
  ADMIN_REVIEW_TABS,
  can,
  REQUEST_STATUSES,
  RESEARCH_MATCH_CRITERIA,
  RESEARCH_MATCH_TYPE,
  REVIEW_CYCLES,
  REVIEW_MESSAGES,
  reviewerRoleName,
  reviewProgress,
  REVIEWER_REVIEW_TABS,
  START_REVIEW_DUE_DATE_TOKEN,
  todayIso,
  type Actor,
  type ReviewCentreDto,
  type ReviewMeetingDto,
  type StartReviewDto,
  type StartReviewInput,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import type { EmailService } from '../email/email.service';
import type { FilesService } from '../files/files.service';
import type { ReviewCycleEngine } from '../review-cycles/review-cycles.service';
import { criteriaOf, factsOf, totalOf } from './review.presenter';
import * as repo from './review-cycle.repo';

const CYCLE = REVIEW_CYCLES.researchMatch;

/** The e-mail template of the report (Start Review's is the cycle's, `REVIEW_CYCLES`). */
const REPORT_TEMPLATE = 'rm_report';
/** Generated reports are files of this type: only their requester reads them. */
const REPORT_FILE_TYPE = 'rm_report';

const statusName = (id: number) => REQUEST_STATUSES[id as keyof typeof REQUEST_STATUSES] ?? String(id);
const number = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/**
 * The Research Match review cycle (staff §2.3–§2.5, §4.3, §7, §9): the review centre's counts,
 * Start Review (each new application to Under Review through the workflow, its due date at
 * 12:00, the committee's e-mail), the move to the review meeting, the meeting page's averages and
 * the report e-mailed with its CSV.
 */
export function createReviewCycleService(deps: {
  db: Db;
  email: EmailService;
  files: FilesService;
  emailContext: { publicUrl: string; productName: string };
  /** The request as the permission conditions read it, or null when the caller may not see it. */
  requestSubject: (tx: DbOrTx, id: number, actor: Actor) => Promise<object | null>;
  /** The review-cycle engine: Start Review and the move to the meeting go through it. */
  cycles: ReviewCycleEngine;
}) {
  const { db, email, cycles } = deps;

  /** The draft of Start Review's e-mail: the applications, and where and by when to review. */
  async function draft(
    tx: DbOrTx,
    applications: {
      portalRequestId: string;
      scientificTitle: string;
      displayName: string;
      applicant: string;
    }[],
  ) {
    const { productName, publicUrl } = deps.emailContext;
    const list = applications
      .map(
        (row) =>
          `- ${row.portalRequestId} ${row.scientificTitle || row.displayName || 'Research Match application'} (${row.applicant})`,
      )
      .join('\n');
    return {
      to: await cycles.committeeAddresses(tx, CYCLE),
      cc: [],
      bcc: [],
      subject: `${productName}: Research Match applications ready for review`,
      body: [
        'Dear reviewers,',
        `The following Research Match applications are ready for review:\n${list}`,
        `Please sign in at ${publicUrl}/research-match-review, answer the conflict of interest question for each application assigned to you, and submit your scores by ${START_REVIEW_DUE_DATE_TOKEN}.`,
        `Thank you,\nThe ${productName} team`,
      ].join('\n\n'),
    };
  }

  email.registerTemplate(CYCLE.email.template, {
    modelName: 'request',
    async existing(tx, ids) {
      return (await repo.newApplications(tx)).map((row) => row.id).filter((id) => ids.includes(id));
    },
    async draft(tx, ids) {
      return draft(
        tx,
        (await repo.newApplications(tx)).filter((row) => ids.length === 0 || ids.includes(row.id)),
      );
    },
  });
  email.registerTemplate(REPORT_TEMPLATE, {
    modelName: 'request',
    existing: async () => [],
    draft: async () => ({ to: [], subject: REVIEW_MESSAGES.reportSubject, body: '' }),
  });

  /** Writes the summaries' change with its history (decision 162: every change is audited). */
  async function auditedDueDates(tx: DbOrTx, actor: Actor, ids: number[], dueDate: Date) {
    const before = new Map((await repo.summariesOf(tx, ids)).map((row) => [row.requestId, row]));
    await repo.setDueDate(tx, ids, dueDate, actor.userId);
    for (const after of await repo.summariesOf(tx, ids)) {
      await recordHistory(tx, {
        model: 'request_summary',
        objectId: after.requestId,
        action: 'update',
        before: { ...before.get(after.requestId), modifiedById: undefined },
        after: { ...after, modifiedById: undefined },
        by: actor,
      });
    }
  }

  return {
    /** GET research-match/review-centre/: the caller's tabs with their counts and actions. */
    async centre(actor: Actor): Promise<ReviewCentreDto> {
      const all = can(actor, 'read', 'Request');
      const tabs = all ? ADMIN_REVIEW_TABS : REVIEWER_REVIEW_TABS;
      const counts = await repo.countsByStatus(
        db,
        tabs.flatMap((tab) => tab.statuses),
        all ? null : actor.userId,
      );
      return {
        scope: all ? 'all' : 'own',
        tabs: tabs.map((tab) => ({
          ...tab,
          statuses: [...tab.statuses],
          count: tab.statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0),
        })),
        can_start_review: can(actor, 'review', 'ReviewCycle'),
        can_move_to_meeting: can(actor, 'review', 'ReviewCycle'),
        can_dispatch_report: can(actor, 'create', 'ResearchMatchReport'),
      };
    },

    /** GET research-match/start-review/: the new applications and renewals, and the e-mail's draft. */
    async startReviewDraft(): Promise<StartReviewDto> {
      const rows = await repo.newApplications(db);
      const reviewUsers = await cycles.reviewUsersOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        applications: rows.map((row) => ({
          id: row.id,
          portal_request_id: row.portalRequestId,
          display_name: row.displayName,
          scientific_title: row.scientificTitle,
          applicant: row.applicant,
          institution: row.institution,
          submission_date: row.submissionDate?.toISOString() ?? null,
          renewal: row.renewal
            ? {
                id: row.renewal.id,
                submission_date: row.renewal.submission_date
                  ? new Date(row.renewal.submission_date).toISOString()
                  : null,
              }
            : null,
          review_users: reviewUsers(row.id),
        })),
        email: await draft(db, rows),
      };
    },

    /**
     * POST research-match/start-review/ (staff §4.3): in one transaction each application goes to
     * Under Review through the workflow, then the summaries' due date is set to the day at 12:00,
     * then the e-mail is queued (sent after commit). Bad input changes nothing.
     */
    async startReview(actor: Actor, input: StartReviewInput) {
      const { due } = await cycles.start(CYCLE, actor, input, (tx, rows, _reviewers, due) =>
        auditedDueDates(
          tx,
          actor,
          rows.map((row) => row.id),
          due,
        ),
      );
      return { moved: [...new Set(input.requests)], due_date: due.toISOString() };
    },

    /**
     * POST research-match/review-meeting/ (staff §2.3, §4.3): the selected applications, each Under
     * Review, move to Review Meeting through the workflow, all or none.
     */
    async moveToMeeting(actor: Actor, ids: number[]) {
      const unique = [...new Set(ids)];
      await cycles.close(CYCLE, actor, unique);
      return {
        moved: unique,
        title: unique.length === 1 ? REVIEW_MESSAGES.movedOne : REVIEW_MESSAGES.movedMany,
        detail: REVIEW_MESSAGES.movedBody,
      };
    },

    /**
     * GET request/{id}/review-meeting/ (staff §2.5, §9): the application's summary, its current
     * cycle's reviews, the per-criterion averages and their total (computed in SQL), the meeting
     * notes for those who edit them. An application never reviewed answers 404 with the spec's text.
     */
    async meeting(actor: Actor, id: number): Promise<ReviewMeetingDto> {
      const subject = await deps.requestSubject(db, id, actor);
      if (!subject || !can(actor, 'read', 'Request', subject)) throw new NotFoundError();
      authorize(actor, 'read', 'ReviewMeeting', {});
      const found = await repo.meetingApplication(db, id);
      if (!found || found.request.typeId !== RESEARCH_MATCH_TYPE) throw new NotFoundError();
      const summary = found.summary;
      if (!summary || summary.reviewCycle < 1 || !summary.reviewQuarter)
        throw new NotFoundError(REVIEW_MESSAGES.meetingMissing);
      const [rows, averages] = await Promise.all([
        repo.cycleReviews(db, id, summary.reviewCycle),
        repo.cycleAverages(db, id, summary.reviewCycle),
      ]);
      const application = (found.request.additionalData.rm_application ?? {}) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const notes = can(actor, 'update', 'RequestSummary');
      return {
        request: {
          id: found.request.id,
          portal_request_id: found.request.portalRequestId,
          display_name: found.request.displayName,
          status: found.request.statusId,
          status_name: statusName(found.request.statusId),
          applicant: found.applicant,
          institution: found.institution,
          submission_date: found.request.submissionDate?.toISOString() ?? null,
        },
        summary: {
          scientific_title: summary.scientificTitle,
          scientific_abstract: summary.scientificAbstract,
          research_aim: summary.researchAim,
          hypotheses: summary.hypotheses,
          lay_title: text(application.lay_title),
          lay_abstract: text(application.lay_abstract),
          study_type: summary.studyType,
          category: summary.category,
          keywords: summary.keywords,
          cohort: summary.cohort,
          region: summary.region,
          rm_ids: summary.rmIds,
          due_date: summary.dueDate?.toISOString() ?? null,
          review_quarter: summary.reviewQuarter,
          review_cycle: summary.reviewCycle,
          ...(notes ? { meeting_notes: summary.meetingNotes } : {}),
        },
        averages: Object.fromEntries(
          RESEARCH_MATCH_CRITERIA.map((criterion) => [criterion, number(averages[criterion])]),
        ),
        total: number(averages.total),
        reviews: rows.map(({ review, reviewer }) => ({
          id: review.id,
          reviewer: {
            id: reviewer.id,
            display_name: `${reviewer.firstName} ${reviewer.lastName}`.trim() || reviewer.email,
          },
          reviewer_role: review.reviewerRole,
          reviewer_role_name: reviewerRoleName(review.reviewerRole),
          ...criteriaOf(review),
          reviewer_decision: review.reviewerDecision,
          build_merit: review.buildMerit,
          total: totalOf(review),
          progress: reviewProgress(found.request.statusId, factsOf(review)),
          modified: review.modified.toISOString(),
        })),
        can_edit_notes: notes,
        can_decide: can(actor, 'decide', 'Request'),
      };
    },

    /**
     * GET rm_report_dispatch/ (staff §2.3, §7): the report of every Research Match application with
     * its scores, as a CSV file e-mailed to the caller through the outbox.
     */
    async dispatchReport(actor: Actor) {
      const rows = await repo.reportRows(db);
      const csv = Papa.unparse(
        rows.map((row) => ({
          'Request ID': row.portalRequestId,
          Title: row.displayName,
          Applicant: row.applicant,
          'Applicant Email': row.email,
          Institution: row.institution ?? '',
          Status:
            statusName(row.statusId) +
            (row.latestRenewalStatus !== null ? ` (Renewal ${statusName(row.latestRenewalStatus)})` : ''),
          'Date Submitted': row.submissionDate ? todayIso(row.submissionDate) : '',
          'Decision Date': row.decisionDate ? todayIso(row.decisionDate) : '',
          'Review Quarter': row.summary?.reviewQuarter ?? '',
          'Review Cycle': row.summary?.reviewCycle ?? 0,
          'Review Due Date': row.summary?.dueDate ? todayIso(row.summary.dueDate) : '',
          'RM IDs': row.summary?.rmIds.join(' ') ?? '',
          'Scientific Title': row.summary?.scientificTitle ?? '',
          Category: row.summary?.category.join('; ') ?? '',
          Keywords: row.summary?.keywords.join('; ') ?? '',
          Methods: row.summary?.studyType.join('; ') ?? '',
          Cohort: row.summary?.cohort.join('; ') ?? '',
          Region: row.summary?.region ?? '',
          Reviews: row.reviewCount ?? 0,
          ...Object.fromEntries(
            RESEARCH_MATCH_CRITERIA.map((criterion) => [
              `${criterion[0]!.toUpperCase()}${criterion.slice(1)} Average`,
              row.averages[criterion] ?? '',
            ]),
          ),
          Total: row.total ?? '',
        })),
      );
      const today = todayIso();
      await db.transaction(async (tx) => {
        const me = await repo.userEmail(tx, actor.userId);
        const file = await deps.files.store(
          tx,
          {
            name: `research-match-report-${today}.csv`,
            content: Buffer.from(csv || 'Request ID\n', 'utf8'),
            contentType: 'text/csv',
            type: REPORT_FILE_TYPE,
            creatorId: actor.userId,
          },
          actor,
        );
        await email.queueAbout(tx, actor, {
          template: REPORT_TEMPLATE,
          objectIds: [],
          to: [me],
          subject: `${REVIEW_MESSAGES.reportSubject} (${today})`,
          body: `The Research Match report of ${today} is attached: ${rows.length} application${rows.length === 1 ? '' : 's'} with their review quarter, cycle, per-criterion averages and total score.`,
          attachmentFileIds: [file.id],
        });
      });
      return { detail: REVIEW_MESSAGES.reportDispatched };
    },
  };
}

export type ReviewCycleService = ReturnType<typeof createReviewCycleService>;
