import { CART_REQUEST_TYPES, REQUEST_SUBMITTED, TISSUE_DOCUMENT, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import type { Platform } from './platform';
import type { SharedServices } from './shared';
import type { CartsService } from '../modules/tissue/carts.service';
import { irbPolicy } from '../modules/projects/irb.policy';
import { createProjectsService } from '../modules/projects/projects.service';
import { projectHistoryFormat } from '../modules/projects/projects.history';
import { createRequestsService } from '../modules/requests/requests.service';
import { createRequestStaffService } from '../modules/request-staff/request-staff.service';
import {
  applicationDocumentsPolicy,
  RESEARCH_MATCH_DOCUMENT,
  researchMatchDocumentsPolicy,
} from '../modules/research-match/research-match-documents.policy';
import { researchMatchRequestTypes } from '../modules/research-match/research-match-requests';
import { tissueRequestTypes } from '../modules/tissue/tissue-requests';
import { createDecisionsService } from '../modules/decisions/decisions.service';
import { decisionDocsPolicy } from '../modules/decisions/decision-docs.policy';
import { lockRequest, requestSnapshot } from '../modules/requests/requests.repo';
import { applyTransition } from '../modules/requests/requests.workflow';
import { requestHistoryFormat } from '../modules/requests/requests.history';
import { createReviewService } from '../modules/research-match/review.service';
import { createReviewCycleService } from '../modules/research-match/review-cycle.service';
import { createSummaryService } from '../modules/research-match/summary.service';
import { createReviewCycleEngine } from '../modules/review-cycles/review-cycles.service';
import { createTissueCycleService } from '../modules/tissue/tissue-cycle.service';
import { createRenewalsService } from '../modules/renewals/renewals.service';
import { createRequestDocumentsService } from '../modules/request-documents/request-documents.service';
import { createReviewerAssistantService } from '../modules/reviewer-assistant/reviewer-assistant.service';

/**
 * Projects and the requests filed for them: the requests, their decisions and staff panel, the
 * review cycles of Research Match and the tissue network, renewals and the requests' documents.
 */
export function wireRequests(
  platform: Platform,
  { files, email, forms, history }: Pick<SharedServices, 'files' | 'email' | 'forms' | 'history'>,
  carts: CartsService,
) {
  const { config, db, emailContext } = platform;
  const projects = createProjectsService({ db, storage: platform.storage, log: platform.log });
  files.registerType('irb', irbPolicy(files));
  history.registerModel('project', { subject: projects.historySubject, format: projectHistoryFormat });
  // The review cycles (issues 17, 18): one engine moves the chosen requests through the workflow,
  // as decisions of the staff member's role, for Research Match and the tissue network alike. A
  // decision to Under Review on a tissue request is Begin Review too (issue 29), so the requests
  // service is given it.
  const reviewCycles = createReviewCycleEngine({
    db,
    email,
    publicUrl: config.publicUrl,
    move: async (tx, request, to, actor, now) =>
      (await applyTransition(tx, { request, to, kind: 'decision', actor, by: actor, now })).row,
    noteConflictReasons: (...args) => reviewerAssistant.noteStartReasons(...args),
  });
  const tissueCycle = createTissueCycleService({ db, cycles: reviewCycles, email, emailContext });
  // Decisions (issue 8): the workflow tables, decision e-mails and their documents. They answer
  // the request as the requests service presents it, and that service is given their part of its
  // writes (a decider's status PATCH, the submission receipt): each calls the other only once both exist.
  const decisions = createDecisionsService({
    db,
    email,
    emailContext,
    onUnderReview: tissueCycle.startedByDecision,
    get: (actor, id, expand, from) => requests.get(actor, id, expand, from),
  });
  // Resource requests (issue 7); their forms are checked by the same validator as the web's. The
  // Research Match and tissue types come from their modules. Research Match applications start the
  // staff's summary when submitted (issue 17); the summary reads the request through the requests
  // service, created first (the hook runs only on requests).
  const requests = createRequestsService({
    db,
    forms,
    files,
    types: [
      ...researchMatchRequestTypes({
        forms,
        files,
        submitted: (tx, requestId) => summaries.start(tx, requestId),
      }),
      ...tissueRequestTypes({ forms, files, carts: carts.forRequests }),
    ],
    carts: carts.forRequests,
    decisions,
  });
  const requestSubject = (tx: DbOrTx, id: number, actor: Actor) =>
    requests.historySubject(tx, String(id), actor);
  const summaries = createSummaryService({ db, forms, requestSubject });
  files.registerType(RESEARCH_MATCH_DOCUMENT, researchMatchDocumentsPolicy());
  // The tissue form's documents (atlas file, NIH biosketch) follow their pilot or tissue request.
  files.registerType(TISSUE_DOCUMENT, applicationDocumentsPolicy(CART_REQUEST_TYPES));
  // The reviewer assignment assistant (issue 33): suggestions, likely conflicts, workload. The
  // staff panel records the conflicts of the reviewers it assigns.
  const reviewerAssistant = createReviewerAssistantService({ db, requestSubject, requestSnapshot });
  // The staff panel of a request: reviewers, comments, Zendesk tickets (issue 8); the user pickers.
  const staff = createRequestStaffService({
    db,
    zendesk: platform.zendesk,
    log: platform.log,
    onReviewersAdded: tissueCycle.reviewersAdded,
    conflictNotes: reviewerAssistant.conflictNotes,
  });
  // The documents a decision's e-mail attaches.
  files.registerType('decision_docs', decisionDocsPolicy());
  history.registerModel('request', {
    subject: requests.historySubject,
    format: requestHistoryFormat(forms.find),
  });
  // Renewals: the resource impact / renewal form and the renewal choice (issue 8).
  const renewals = createRenewalsService({
    db,
    forms,
    files,
    requestSnapshot,
    // A Research Match renewal sends the application back to Submitted through the workflow.
    submitForReview: async (tx, requestId, by, now) => {
      const row = await lockRequest(tx, requestId);
      if (row) await applyTransition(tx, { request: row, to: REQUEST_SUBMITTED, kind: 'renewal', by, now });
    },
  });
  history.registerModel('renewal', { subject: renewals.historySubject });
  return {
    projects,
    requests,
    decisions,
    staff,
    reviewerAssistant,
    summaries,
    // The Research Match review cycle (issue 17): reviews, conflicts, Start Review, the meeting, the report.
    reviews: createReviewService({
      db,
      requestSubject,
      assign: (actor, input) => staff.assignReviewer(actor, input),
    }),
    researchMatchCycle: createReviewCycleService({
      db,
      email,
      files,
      emailContext,
      requestSubject,
      cycles: reviewCycles,
    }),
    tissueCycle,
    renewals,
    // A request's approval notice and application as PDFs (researcher §7 downloads).
    documents: createRequestDocumentsService({
      db,
      requests,
      forms,
      productName: config.productName,
      supportEmail: config.supportEmail,
    }),
  };
}
