import {
  can,
  EDITABLE_RENEWAL_STATUSES,
  OPEN_RENEWAL_STATUSES,
  RECONTACT_TYPES,
  RENEWABLE_STATUSES,
  RESEARCH_MATCH_RENEWAL_TYPE,
  RENEWAL_MESSAGES,
  renewalWindowOpen,
  renewedExpiration,
  REQUEST_SUBMITTED,
  REQUEST_TYPE,
  type Actor,
  type CreateRenewalInput,
  type RenewalDto,
  type RequestStatusId,
  type UpdateRenewalInput,
} from '@rrp/domain';
import {
  RESOURCE_IMPACT_FORM_ID,
  resourceImpactForm,
  fileAnswers,
  validateForm,
  type FormValues,
} from '@rrp/domain/forms';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, NotFoundError, type FieldErrors, invalid } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { parseListQuery } from '../../platform/list';
import type { FilesService } from '../files/files.service';
import type { FormsService } from '../forms/forms.service';
import { activeMembersOf, notifyUsers } from '../notifications/notifications.service';
import { renewalList } from './renewals.lists';
import {
  EXPIRATION_AFTER,
  EXPIRATION_BEFORE,
  presentRenewal,
  renewalSubject,
  type RenewalSubject,
} from './renewals.presenter';
import * as repo from './renewals.repo';

type Query = Record<string, string | undefined>;

/** Who is told in the bell that a renewal was submitted (staff §6: admins run the reviews). */
const ADMIN_ROLE = 'portal_admin';

/** mm/dd/yyyy of a timestamp, in UTC (the spec's date format). */
function usDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** The Research Match renewal form (researcher §3 "Research Match renewal form fields"). */
const RESEARCH_MATCH_RENEWAL_FORM_ID = 'research_match_renewal';

const isRecontact = (request: Pick<repo.LockedRequest, 'typeId'>) => RECONTACT_TYPES.includes(request.typeId);

/**
 * The renewal form as this request is asked it: Research Match applications the Research Match
 * renewal form; the others the resource impact form (biospecimen and iPSC sections where they apply).
 */
function formFor(forms: FormsService, request: repo.LockedRequest) {
  if (isRecontact(request)) return forms.get(RESEARCH_MATCH_RENEWAL_FORM_ID);
  return resourceImpactForm(forms.get(RESOURCE_IMPACT_FORM_ID), {
    biospecimen: request.typeId === REQUEST_TYPE.biospecimen,
    ipsc: request.typeId === REQUEST_TYPE.biospecimen && request.sampleTypeCode === 'ipsc',
  });
}

/**
 * The form's answers, cleaned by the one validator; its errors keyed by field path. A file
 * answer must name a file the owner uploaded.
 */
async function checkAnswers(
  tx: DbOrTx,
  { forms, files }: { forms: FormsService; files: RenewalFiles },
  request: repo.LockedRequest,
  answers: FormValues,
) {
  const form = formFor(forms, request);
  const result = validateForm(form, answers, { files: 'stored' });
  const errors: FieldErrors = Object.fromEntries(
    Object.entries(result.errors).map(([key, message]) => [key, [message]]),
  );
  const chosen = fileAnswers(form.fields, result.values);
  const own = await files.uploadedBy(
    tx,
    chosen.map((entry) => entry.id),
    [request.ownerId],
    request.id,
  );
  for (const entry of chosen) if (!own.has(entry.id)) errors[entry.key] = [RENEWAL_MESSAGES.ownFile];
  if (Object.keys(errors).length > 0) invalid(errors);
  return { values: result.values, documentIds: chosen.map((entry) => entry.id) };
}

/** What renewals ask of the files module: the owner's uploads a form names, linked to the request. */
type RenewalFiles = Pick<FilesService, 'uploadedBy' | 'linkToRequest'>;

/**
 * Renewals (researcher §2 "Renewals", staff §4.4): the owner of an approved or fulfilled request
 * files the resource impact / renewal form near or after expiry; Yes extends the request to today
 * plus three years, No lets it expire. Admins are told in the bell and set the renewal's status.
 */
export function createRenewalsService(deps: {
  db: Db;
  forms: FormsService;
  files: RenewalFiles;
  /** The request's full version for its history row (the requests module's snapshot). */
  requestSnapshot: (tx: DbOrTx, id: number) => Promise<Record<string, unknown> | null>;
  /**
   * Sends a Research Match application back to Submitted for its renewal, through the workflow's
   * one writer of request status (`applyTransition`), in the caller's transaction.
   */
  submitForReview: (tx: DbOrTx, requestId: number, by: Actor, now: Date) => Promise<void>;
}) {
  const { db } = deps;

  async function subjectOf(tx: DbOrTx, actor: Actor, requestId: number, ownerId: number) {
    const member = ownerId === actor.userId || (await repo.isTeamMember(tx, requestId, actor.userId));
    return renewalSubject(ownerId, actor, member);
  }

  async function load(tx: DbOrTx, actor: Actor, id: number) {
    const view = await repo.findRenewal(tx, id);
    if (!view) throw new NotFoundError();
    const subject = await subjectOf(tx, actor, view.request.id, view.request.ownerId);
    return { view, subject };
  }

  async function get(actor: Actor, id: number): Promise<RenewalDto> {
    const { view, subject } = await load(db, actor, id);
    authorize(actor, 'read', 'Renewal', subject);
    return presentRenewal(actor, view, subject);
  }

  async function renewalHistory(
    tx: DbOrTx,
    id: number,
    action: 'create' | 'update',
    before: object | null,
    after: object,
    by: Actor,
  ) {
    await recordHistory(tx, {
      model: 'renewal',
      objectId: id,
      action,
      before: before as Record<string, unknown> | null,
      after: after as Record<string, unknown>,
      by,
    });
  }

  return {
    async list(actor: Actor, query: Query) {
      const list = parseListQuery(renewalList, query);
      const staff = can(actor, 'read', 'Renewal');
      const page = await repo.listRenewals(db, list, staff ? undefined : repo.visibleTo(actor.userId));
      // Researchers only see renewals of requests they own or whose team they are on.
      const results = page.rows.map((view) =>
        presentRenewal(actor, view, renewalSubject(view.request.ownerId, actor, !staff)),
      );
      return { list, count: page.count, results };
    },

    get,

    /** POST renewal/: files the renewal form for a request and applies the renewal choice. */
    async create(actor: Actor, input: CreateRenewalInput): Promise<RenewalDto> {
      const outcome = await db.transaction(async (tx) => {
        const now = new Date();
        const request = await repo.lockRequest(tx, input.request);
        if (!request) invalid({ request: [RENEWAL_MESSAGES.requestNotFound] });
        const subject = await subjectOf(tx, actor, request!.id, request!.ownerId);
        if (!can(actor, 'read', 'Renewal', subject)) invalid({ request: [RENEWAL_MESSAGES.requestNotFound] });
        authorize(actor, 'create', 'Renewal', subject);
        const locked = request!;
        if (locked.ownerId !== actor.userId) throw new ForbiddenError(RENEWAL_MESSAGES.notOwner);
        // Research Match renewals are of their own type (5); the others take the request's.
        const typeId = isRecontact(locked) ? RESEARCH_MATCH_RENEWAL_TYPE : locked.typeId;
        if (input.type !== undefined && input.type !== typeId)
          invalid({ type: [RENEWAL_MESSAGES.wrongType] });
        if (!RENEWABLE_STATUSES.includes(locked.statusId as RequestStatusId))
          invalid({ non_field_errors: [RENEWAL_MESSAGES.notRenewable] });
        // Research Match applications are renewed for another round of recruitment whenever they
        // are approved (decision 165); the others from six months before access expires.
        if (!isRecontact(locked)) {
          if (!locked.expirationDate) invalid({ non_field_errors: [RENEWAL_MESSAGES.noExpiration] });
          if (!renewalWindowOpen(locked.expirationDate, now))
            invalid({ non_field_errors: [RENEWAL_MESSAGES.notYet(usDate(locked.expirationDate!))] });
        }
        if ((await repo.renewalsInStatus(tx, locked.id, OPEN_RENEWAL_STATUSES)).length > 0)
          invalid({ non_field_errors: [RENEWAL_MESSAGES.openRenewal] });

        const checked = await checkAnswers(tx, deps, locked, input.additional_data);
        const answers = checked.values;
        // Research Match: the renewal is a new submission of the application (terms only, researcher §5).
        const recontact = isRecontact(locked);
        const renew = recontact || answers.renew === true;
        if (renew && input.agreed_to_usage_policy !== true)
          invalid({ agreed_to_usage_policy: [RENEWAL_MESSAGES.usagePolicy] });
        if (recontact) answers.rm_application = { id: locked.id };

        // Yes: today plus three years for requests not of the recontact kind (staff §4.4); No: the
        // request keeps its date and expires. Research Match renewals go back to review instead.
        const before = locked.expirationDate;
        const after = renew && !recontact ? renewedExpiration(now) : null;
        const renewal = await repo.insertRenewal(tx, {
          requestId: locked.id,
          ownerId: actor.userId,
          statusId: REQUEST_SUBMITTED,
          typeId,
          agreedToUsagePolicy: input.agreed_to_usage_policy === true,
          additionalData: {
            ...answers,
            [EXPIRATION_BEFORE]: before ? before.toISOString() : null,
            [EXPIRATION_AFTER]: after ? after.toISOString() : null,
          },
          submissionDate: now,
          created: now,
          modified: now,
        });
        await renewalHistory(tx, renewal.id, 'create', null, renewal, actor);
        // Its documents follow the request's permissions from now on (its team and reviewers read them).
        await deps.files.linkToRequest(tx, checked.documentIds, locked.id);
        if (after) {
          const requestBefore = await deps.requestSnapshot(tx, locked.id);
          await repo.setExpiration(tx, locked.id, after);
          await recordHistory(tx, {
            model: 'request',
            objectId: locked.id,
            action: 'update',
            before: requestBefore,
            after: await deps.requestSnapshot(tx, locked.id),
            by: actor,
          });
        }
        if (recontact) await deps.submitForReview(tx, locked.id, actor, now);
        const admins = await activeMembersOf(tx, [ADMIN_ROLE]);
        const message = `Renewal submitted for ${locked.portalRequestId}${locked.displayName ? ` (${locked.displayName})` : ''}: ${recontact ? 'back to review' : renew ? 'access renewed' : 'access not renewed'}.`;
        await notifyUsers(
          tx,
          admins.map((recipientId) => ({
            recipientId,
            message,
            redirect: `/request/${locked.id}?tab=renewal`,
            taskName: 'renewal_submitted',
            fields: { request_id: locked.id, renewal_id: renewal.id, renew },
          })),
        );
        return renewal.id;
      });
      return get(actor, outcome);
    },

    /**
     * PATCH renewal/{id}/: staff set the status; the owner edits the answers while the renewal is
     * Submitted or Revisions Requested (an edit of a returned renewal submits it again). The
     * renewal choice itself is fixed once filed.
     */
    async update(actor: Actor, id: number, input: UpdateRenewalInput): Promise<RenewalDto> {
      await db.transaction(async (tx) => {
        const current = await repo.lockRenewal(tx, id);
        if (!current) throw new NotFoundError();
        const request = await repo.lockRequest(tx, current.requestId);
        if (!request) throw new NotFoundError();
        const subject: RenewalSubject = await subjectOf(tx, actor, request.id, request.ownerId);
        authorize(actor, 'update', 'Renewal', subject);
        const staff = can(actor, 'update', 'Renewal');
        const changes: Parameters<typeof repo.updateRenewal>[2] = {};

        if (input.status !== undefined && input.status !== current.statusId) {
          if (!staff) throw new ForbiddenError(RENEWAL_MESSAGES.staffStatus);
          changes.statusId = input.status;
        }
        if (input.additional_data !== undefined || input.agreed_to_usage_policy !== undefined) {
          if (request.ownerId !== actor.userId) throw new ForbiddenError(RENEWAL_MESSAGES.ownerAnswers);
          if (!EDITABLE_RENEWAL_STATUSES.includes(current.statusId as RequestStatusId))
            invalid({ non_field_errors: [RENEWAL_MESSAGES.notEditable] });
          const stored = current.additionalData;
          const answers =
            input.additional_data === undefined
              ? null
              : (await checkAnswers(tx, deps, request, input.additional_data)).values;
          if (answers && answers.renew !== stored.renew) invalid({ renew: [RENEWAL_MESSAGES.choiceFixed] });
          const agreed = input.agreed_to_usage_policy ?? current.agreedToUsagePolicy;
          if ((stored.renew === true || isRecontact(request)) && !agreed)
            invalid({ agreed_to_usage_policy: [RENEWAL_MESSAGES.usagePolicy] });
          if (answers)
            changes.additionalData = {
              ...answers,
              ...(isRecontact(request) ? { rm_application: { id: request.id } } : {}),
              [EXPIRATION_BEFORE]: stored[EXPIRATION_BEFORE] ?? null,
              [EXPIRATION_AFTER]: stored[EXPIRATION_AFTER] ?? null,
            };
          changes.agreedToUsagePolicy = agreed;
          // An edit of a returned renewal sends it back to the staff.
          if (current.statusId !== REQUEST_SUBMITTED && changes.statusId === undefined)
            changes.statusId = REQUEST_SUBMITTED;
        }
        if (Object.keys(changes).length === 0) return;
        const after = await repo.updateRenewal(tx, id, changes);
        await renewalHistory(tx, id, 'update', current, after, actor);
      });
      return get(actor, id);
    },

    /** The object the History conditions read for `history/?model=renewal&pk=`. */
    async historySubject(tx: DbOrTx, pk: string, actor: Actor): Promise<RenewalSubject | null> {
      const view = /^\d{1,9}$/.test(pk) ? await repo.findRenewal(tx, Number(pk)) : null;
      return view ? subjectOf(tx, actor, view.request.id, view.request.ownerId) : null;
    },
  };
}

export type RenewalsService = ReturnType<typeof createRenewalsService>;
