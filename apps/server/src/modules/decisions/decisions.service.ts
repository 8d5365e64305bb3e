import {
  can,
  REQUEST_STATUSES,
  WORKFLOW_MESSAGES,
  WORKFLOW_STATUS,
  decisionsFor,
  type Actor,
  type DecisionEmail,
  type DecisionEmailInput,
  type DecisionInput,
  type RequestDecisions,
  type RequestDto,
  type RequestStatusId,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, invalid } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import type { ClaimIdempotencyKey } from '../../platform/http/idempotency';
import type { EmailService } from '../email/email.service';
import {
  applyTransition,
  findRequest,
  lockRequest,
  requestSnapshot,
  subjectOfView,
  teamOf,
  type RequestRow,
} from '../requests/requests.service';
import {
  decisionDraft,
  decisionEmailTemplates,
  decisionTemplateKey,
  type EmailContext,
} from './decisions.emails';
import * as repo from './decisions.repo';

/**
 * Work that goes with a decision moving a request to Under Review, in its transaction (a tissue
 * request's Begin Review: its reviews and the reviewers' e-mail). Its answer is not read: mail
 * leaves after commit from the app's one hook, whatever was queued.
 */
type OnUnderReview = (tx: DbOrTx, actor: Actor, requestId: number, now: Date) => Promise<unknown>;

/**
 * Decisions on a request (staff §4.2, §7): the options open to the caller, the prefilled
 * e-mail of each decision, and the decision itself with its e-mail and documents. The requests
 * service is given `decideInTx` (a PATCH with a status), the submission receipt and the return
 * message at wiring; the status change is `applyTransition`'s.
 */
export function createDecisionsService(deps: {
  db: Db;
  email: EmailService;
  emailContext: EmailContext;
  onUnderReview?: OnUnderReview;
  /** The request as the API answers it (the requests service's `get`), built in the decision's transaction. */
  get: (actor: Actor, id: number, expand: ReadonlySet<string>, from?: DbOrTx) => Promise<RequestDto>;
}) {
  const { db, email, emailContext } = deps;
  for (const [key, template] of decisionEmailTemplates(emailContext)) email.registerTemplate(key, template);

  /** The e-mail a decision sends when none is composed: the composer's draft, as it stands. */
  async function draftedEmail(tx: DbOrTx, requestId: number, status: number): Promise<DecisionEmailInput> {
    const draft = await decisionDraft(tx, requestId, status, emailContext);
    return { ...draft, cc: draft.cc ?? [], bcc: draft.bcc ?? [], attachments: [] };
  }

  async function view(tx: DbOrTx, actor: Actor, id: number) {
    const found = await findRequest(tx, id, actor.userId);
    if (!found) throw new NotFoundError();
    return found;
  }

  /**
   * Applies a decision in the caller's transaction on a locked row: the transition, then the
   * e-mail composed, with its documents — or, when the decision requires an e-mail and none is
   * composed, the drafted one to its default recipients (decision 096); one history row.
   */
  async function decideInTx(
    tx: DbOrTx,
    actor: Actor,
    locked: RequestRow,
    input: DecisionInput,
  ): Promise<void> {
    const before = await requestSnapshot(tx, locked.id);
    const result = await applyTransition(tx, {
      request: locked,
      to: input.status,
      kind: 'decision',
      actor,
      by: actor,
      recordHistory: false,
    });
    // One path, one result: entering review by a decision does what the review cycle's start does.
    if (result.status === WORKFLOW_STATUS.underReview && result.from !== result.status)
      await deps.onUnderReview?.(tx, actor, locked.id, new Date());
    const composed =
      input.email ?? (result.email === 'required' ? await draftedEmail(tx, locked.id, result.status) : null);

    if (composed) {
      const attachmentIds = [...new Set(composed.attachments)];
      const docs = await repo.decisionDocs(tx, locked.id, attachmentIds);
      if (docs.length !== attachmentIds.length)
        invalid({ attachments: [WORKFLOW_MESSAGES.attachmentUnknown] });
      if (attachmentIds.length > 0) {
        const listed = Array.isArray(result.row.additionalData.decision_docs)
          ? (result.row.additionalData.decision_docs as unknown[]).filter(
              (entry): entry is number => typeof entry === 'number',
            )
          : [];
        await repo.setAdditionalData(tx, locked.id, {
          ...result.row.additionalData,
          decision_docs: [...new Set([...listed, ...attachmentIds])],
        });
      }
      await email.queueAbout(tx, actor, {
        template: decisionTemplateKey(result.status),
        objectIds: [locked.id],
        to: composed.to,
        cc: composed.cc,
        bcc: composed.bcc,
        subject: composed.subject,
        body: composed.body,
        attachmentFileIds: attachmentIds,
      });
    }

    await recordHistory(tx, {
      model: 'request',
      objectId: locked.id,
      action: 'update',
      before,
      after: await requestSnapshot(tx, locked.id),
      by: actor,
    });
  }

  return {
    decideInTx,

    /**
     * The receipt for a submitted (or resubmitted) request, to its owner, queued in the caller's
     * transaction; it is sent once that commits (decision 094).
     */
    async queueSubmissionReceipt(tx: DbOrTx, actor: Actor, requestId: number): Promise<void> {
      const draft = await decisionDraft(tx, requestId, WORKFLOW_STATUS.submitted, emailContext);
      await email.queueAbout(tx, actor, {
        template: decisionTemplateKey(WORKFLOW_STATUS.submitted),
        objectIds: [requestId],
        ...draft,
      });
    },

    /**
     * The e-mail that came with the decision returning a request to its owner (Revisions
     * Requested, Deferred), for the top of Edit Request (decision 128); null when none was sent.
     */
    async returnMessage(tx: DbOrTx, requestId: number, status: number) {
      const found = await repo.latestEmailAbout(tx, requestId, decisionTemplateKey(status));
      return found && { subject: found.subject, body: found.body, sent: found.sent.toISOString() };
    },

    /** GET request/{id}/decisions/: the caller's options (none for roles that may not decide). */
    async decisions(actor: Actor, id: number): Promise<RequestDecisions> {
      const found = await view(db, actor, id);
      const subject = subjectOfView(found, actor);
      authorize(actor, 'read', 'Request', subject);
      const { request } = found;
      const team = await teamOf(db, request.projectId);
      const { flow, options } = can(actor, 'decide', 'Request', subject)
        ? decisionsFor(actor, { type: request.typeId, status: request.statusId }, team.complete)
        : { flow: null, options: [] };
      return {
        flow,
        status: request.statusId,
        status_name: REQUEST_STATUSES[request.statusId as RequestStatusId] ?? '',
        options,
        team,
      };
    },

    /** GET request/{id}/decision-email/?status=N: the prefilled e-mail of that decision. */
    async decisionEmail(actor: Actor, id: number, status: number): Promise<DecisionEmail> {
      const found = await view(db, actor, id);
      authorize(actor, 'decide', 'Request', subjectOfView(found, actor));
      const { to, cc, bcc, subject, body } = await draftedEmail(db, id, status);
      return { to, cc, bcc, subject, body };
    },

    /**
     * POST request/{id}/decision/: the decision, its e-mail (queued in the transaction, sent
     * after it commits) and documents. Bad input changes nothing. `claimKey` takes the caller's
     * Idempotency-Key in the same transaction (one key, one decision), and the answer is kept
     * with it.
     */
    async decide(
      actor: Actor,
      id: number,
      input: DecisionInput,
      claimKey?: ClaimIdempotencyKey,
    ): Promise<RequestDto> {
      return db.transaction(async (tx) => {
        const claim = await claimKey?.(tx);
        const locked = await lockRequest(tx, id);
        if (!locked) throw new NotFoundError();
        const found = await view(tx, actor, id);
        authorize(actor, 'decide', 'Request', subjectOfView(found, actor));
        await decideInTx(tx, actor, locked, input);
        const request = await deps.get(actor, id, new Set(), tx);
        return claim ? await claim.keep(tx, request) : request;
      });
    },
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;
