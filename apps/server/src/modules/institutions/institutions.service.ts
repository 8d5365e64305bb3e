import {
  INSTITUTION_STATUS,
  INSTITUTION_MESSAGES,
  MESSAGES,
  RDA_STATUS,
  REQUEST_STATUSES,
  WORKFLOW_STATUS,
  can,
  type Actor,
  type CreateInstitution,
  type DeletionRequestDto,
  type InstitutionDeletionDto,
  type UpdateInstitution,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { jsonText, type JsonText } from '../../platform/http/json-text';
import { parseListQuery, selectPageIds } from '../../platform/list';
import type { Mailer } from '../../platform/mail/mailer';
import type { FileStorage } from '../../platform/files/storage';
import type { FilesService } from '../files/files.service';
import { institutionList } from './institutions.lists';
import * as repo from './institutions.repo';
import {
  approvedInstitutions,
  institutionJsonById,
  institutionPageJson,
  institutionPickerJson,
} from './institutions-read.repo';
import { institutionReadInput } from './institution-pages';
import { institutionRejectedEmail, requestRevisionsEmail, type EmailContext } from './institutions.emails';
import { renderDefaultRda } from './rda-pdf';

/** Admin-created institutions start approved: staff vetted them (docs/decisions.md). */
const ADMIN_CREATED_STATUS = INSTITUTION_STATUS.approved;
/** Request statuses that are decisions: their requests must never be deleted (staff §5). */
const DECIDED_REQUEST_STATUSES: readonly number[] = [
  WORKFLOW_STATUS.approved,
  WORKFLOW_STATUS.rejected,
  WORKFLOW_STATUS.fulfilled,
];

export function createInstitutionsService(deps: {
  db: Db;
  files: FilesService;
  mailer: Mailer;
  email: EmailContext;
  /** Where file bytes live: an institution's RDA files are removed from it after its deletion commits. */
  storage: Pick<FileStorage, 'remove'>;
  log?: { warn(object: object, message: string): void };
}) {
  const { db, files, mailer } = deps;

  /** The institution as GET institution/{id}/ answers it (its official expanded), after the read check. */
  async function answer(actor: Actor, id: number): Promise<JsonText> {
    const row = await institutionJsonById(db, id, institutionReadInput(actor, { expandOfficial: true }));
    if (!row) throw new NotFoundError();
    const memberIds = row.isMember ? [actor.userId] : [];
    authorize(actor, 'read', 'Institution', { currentIoId: row.currentIoId, memberIds });
    return jsonText(row.json);
  }

  /** A new RDA for the institution: the default PDF, status Signature Needed, made current. */
  async function attachDefaultRda(tx: DbOrTx, institution: repo.InstitutionRow, by: Actor | null = null) {
    const pdf = await renderDefaultRda({
      productName: deps.email.productName,
      institutionName: institution.name,
      officialName: institution.officialName || institution.name,
      date: new Date(),
    });
    const file = await files.store(
      tx,
      {
        name: `RDA - ${institution.name}.pdf`,
        content: pdf,
        contentType: 'application/pdf',
        type: 'rda',
        institutionId: institution.id,
        additionalData: { status: RDA_STATUS.signatureNeeded, name: institution.name },
      },
      by,
    );
    return repo.updateInstitution(tx, institution.id, { currentRdaId: file.id });
  }

  async function assertUnique(tx: DbOrTx, input: { name?: string; ein?: string | null }, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    if (input.name && (await repo.nameTaken(tx, input.name, exceptId)))
      errors.name = [MESSAGES.alreadyInSystem];
    if (input.ein && (await repo.einTaken(tx, input.ein, exceptId))) errors.ein = [MESSAGES.einExists];
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  const fullName = (user: { firstName: string; lastName: string; email?: string }) =>
    `${user.firstName} ${user.lastName}`.trim() || user.email || '';

  /**
   * What deleting the institution would do (foundation §5, staff §5, docs/decisions.md): the
   * accounts of its researchers and officials for whom it is the only affiliation go, with their
   * open requests; staff accounts and people affiliated elsewhere stay and only lose the
   * affiliation. Approved, rejected or fulfilled requests that would go block the deletion.
   */
  async function deletionPlan(tx: DbOrTx, institutionId: number) {
    const candidates = await repo.deletionCandidates(tx, institutionId);
    const deleted = candidates.filter((user) => !user.staff && !user.affiliatedElsewhere);
    const kept = candidates.filter((user) => user.staff || user.affiliatedElsewhere);
    const requests = await repo.affectedRequests(
      tx,
      institutionId,
      deleted.map((user) => user.id),
    );
    const decided = new Set(DECIDED_REQUEST_STATUSES);
    const present = (request: repo.AffectedRequest): DeletionRequestDto => ({
      id: request.id,
      portal_request_id: request.portalRequestId,
      status: request.statusId,
      status_name: REQUEST_STATUSES[request.statusId as keyof typeof REQUEST_STATUSES] ?? '',
      owner: {
        id: request.ownerId,
        full_name: fullName({ firstName: request.ownerFirstName, lastName: request.ownerLastName }),
      },
    });
    const blocking = requests.filter((request) => decided.has(request.statusId));
    const open = requests.filter((request) => !decided.has(request.statusId));
    const rdaFiles = await repo.institutionFiles(tx, institutionId);
    const userDto = (user: repo.DeletionCandidate) => ({
      id: user.id,
      full_name: fullName(user),
      email: user.email,
    });
    const summary: InstitutionDeletionDto = {
      deletable: blocking.length === 0,
      users: deleted.map(userDto),
      kept_users: kept.map(userDto),
      open_requests: open.map(present),
      blocking_requests: blocking.map(present),
      rda_files: rdaFiles.length,
    };
    return { summary, deleted, open, rdaFiles };
  }

  /** Creates an institution with its default RDA, in the caller's transaction (staff only). */
  async function createIn(tx: DbOrTx, actor: Actor, input: CreateInstitution) {
    await assertUnique(tx, input);
    const created = await repo.insertInstitution(tx, {
      name: input.name,
      officialName: input.official_name,
      ein: input.ein || null,
      nonprofit: input.nonprofit,
      domains: input.domains,
      associatedNames: input.associated_names,
      phoneNumber: input.phone_number ?? null,
      statusId: input.status ?? ADMIN_CREATED_STATUS,
      comments: input.comments ?? null,
    });
    const withRda = await attachDefaultRda(tx, created, actor);
    await recordHistory(tx, {
      model: 'institution',
      objectId: created.id,
      action: 'create',
      after: withRda,
      by: actor,
    });
    return withRda;
  }

  /**
   * Who hears of a Follow Up or Reject: the signing official, or the official named for the
   * institution who has not registered yet (invited by a researcher or an administrator).
   */
  async function officialToNotify(tx: DbOrTx, current: repo.InstitutionWithIo) {
    if (current.io) return { ...current.io, registered: true };
    const invited = await repo.pendingInvitation(tx, current.institution.id);
    return invited && { ...invited, id: null, registered: false };
  }

  /** The edit of `update`, in the caller's transaction; e-mails are queued in it. */
  async function updateIn(tx: DbOrTx, actor: Actor, id: number, input: UpdateInstitution) {
    const current = await repo.findInstitution(tx, id, true);
    if (!current) throw new NotFoundError();
    const before = current.institution;
    const subject = { currentIoId: before.currentIoId, memberIds: [] as number[] };
    authorize(actor, 'update', 'Institution', subject);
    const isStaffEdit = can(actor, 'update', 'Institution');
    if (input.status !== undefined || input.admin_acknowledge !== undefined) {
      authorize(actor, 'review', 'Institution', subject);
    }
    if (input.status !== undefined && before.statusId !== INSTITUTION_STATUS.underReview) {
      throw new ValidationError({
        status: ['Only an institution under review can be approved, followed up or rejected.'],
      });
    }
    await assertUnique(tx, { name: input.name, ein: input.ein }, id);
    const statusId = input.status ?? (isStaffEdit ? undefined : INSTITUTION_STATUS.underReview);
    const after = await repo.updateInstitution(tx, id, {
      name: input.name,
      officialName: input.official_name,
      ein: input.ein === undefined ? undefined : input.ein || null,
      nonprofit: input.nonprofit,
      domains: input.domains,
      associatedNames: input.associated_names,
      phoneNumber: input.phone_number,
      comments: input.comments,
      adminAcknowledge: input.admin_acknowledge,
      statusId,
    });
    await recordHistory(tx, {
      model: 'institution',
      objectId: id,
      action: 'update',
      before,
      after,
      by: actor,
    });
    const followUp = input.status === INSTITUTION_STATUS.followUp;
    const official =
      followUp || input.status === INSTITUTION_STATUS.rejected ? await officialToNotify(tx, current) : null;
    if (official) {
      const to = {
        name: `${official.firstName} ${official.lastName}`.trim(),
        registered: official.registered,
      };
      const email = followUp
        ? requestRevisionsEmail(deps.email, to, after, after.comments)
        : institutionRejectedEmail(deps.email, to, after, after.comments);
      await mailer.queue(tx, {
        ...email,
        to: [official.email],
        template: followUp ? 'request-revisions' : 'institution-rejected',
        userId: official.id,
        createdById: actor.userId,
      });
    }
    return after;
  }

  return {
    /** Institutions staff may see; everyone else sees approved ones, with the picker's fields only. */
    async list(actor: Actor | null, query: Record<string, string | undefined>) {
      const list = parseListQuery(institutionList, query);
      const seesAll = can(actor, 'read', 'Institution');
      const scope = seesAll ? undefined : approvedInstitutions;
      const page = await selectPageIds(db, institutionList, list, scope);
      const resultsJson = seesAll
        ? await institutionPageJson(
            db,
            page.ids,
            institutionReadInput(actor, { expandOfficial: list.expand.has('current_io') }),
          )
        : await institutionPickerJson(db, page.ids);
      return { list, count: page.count, resultsJson };
    },

    get: answer,

    /** Staff create an institution with its default RDA. */
    async create(actor: Actor, input: CreateInstitution): Promise<JsonText> {
      const created = await db.transaction((tx) => createIn(tx, actor, input));
      return answer(actor, created.id);
    },

    /**
     * Edits an institution. A `status` is a review decision (Approve, Follow Up, Reject), open only
     * while the institution is under review; Follow Up and Reject e-mail the signing official.
     * A signing official's own update sends the institution back to review.
     */
    async update(actor: Actor, id: number, input: UpdateInstitution): Promise<JsonText> {
      await db.transaction((tx) => updateIn(tx, actor, id, input));
      return answer(actor, id);
    },

    /** Deactivates an institution (status 6) and clears its current RDA (foundation §4). */
    async deactivate(actor: Actor, id: number): Promise<JsonText> {
      await db.transaction(async (tx) => {
        const current = await repo.findInstitution(tx, id, true);
        if (!current) throw new NotFoundError();
        authorize(actor, 'review', 'Institution', { currentIoId: current.institution.currentIoId });
        const after = await repo.updateInstitution(tx, id, {
          statusId: INSTITUTION_STATUS.addingNewSbso,
          currentRdaId: null,
        });
        await recordHistory(tx, {
          model: 'institution',
          objectId: id,
          action: 'update',
          before: current.institution,
          after,
          by: actor,
        });
      });
      return answer(actor, id);
    },

    /** GET institution/{id}/deletion/: the warning shown before deleting, or what blocks it. */
    async deletionPreview(actor: Actor, id: number): Promise<InstitutionDeletionDto> {
      const row = await repo.findInstitution(db, id);
      if (!row) throw new NotFoundError();
      authorize(actor, 'delete', 'Institution', { currentIoId: row.institution.currentIoId });
      return (await deletionPlan(db, id)).summary;
    },

    /**
     * DELETE institution/{id}/: in one transaction, with the institution row locked, re-checks
     * the rule and deletes the institution with its affiliations, RDA files, invitations, the
     * accounts that belonged only to it and their open requests; history records each deletion.
     * The stored bytes of its files are removed after the commit.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      const storageKeys = await db.transaction(async (tx) => {
        const row = await repo.findInstitution(tx, id, true);
        // Foundation §8's message for deleting what is not there.
        if (!row) throw new NotFoundError('Could not delete institution as it does not exist.');
        authorize(actor, 'delete', 'Institution', { currentIoId: row.institution.currentIoId });
        const plan = await deletionPlan(tx, id);
        if (!plan.summary.deletable) {
          throw new ValidationError(
            { non_field_errors: [INSTITUTION_MESSAGES.deletionBlocked] },
            'INSTITUTION_HAS_DECIDED_REQUESTS',
            { blocking_requests: plan.summary.blocking_requests },
          );
        }
        // Their projects (and the projects' files) go with the deleted accounts, by cascade;
        // their stored bytes are removed after the commit like the RDAs'.
        const projectFiles = await repo.projectFilesOf(
          tx,
          plan.deleted.map((user) => user.id),
        );
        // The open requests go (also those filed under the institution by people who stay).
        await repo.deleteRequests(
          tx,
          plan.open.map((request) => request.id),
        );
        const removedUsers = await repo.deleteUsers(
          tx,
          plan.deleted.map((user) => user.id),
        );
        for (const user of removedUsers) {
          await recordHistory(tx, {
            model: 'user',
            objectId: user.id,
            action: 'delete',
            before: user,
            by: actor,
          });
        }
        await repo.deleteInstitution(tx, id);
        await recordHistory(tx, {
          model: 'institution',
          objectId: id,
          action: 'delete',
          before: row.institution,
          by: actor,
        });
        return [...plan.rdaFiles, ...projectFiles].map((file) => file.storageKey);
      });
      // The rows are gone; stored bytes that cannot be removed now are only logged (nothing refers to them).
      for (const key of storageKeys) {
        await deps.storage.remove(key).catch((error: unknown) => {
          deps.log?.warn({ err: error, key }, 'could not remove the stored file of a deleted institution');
        });
      }
    },

    /** 'Add new RDA' (staff §4.5): a fresh default RDA in Signature Needed becomes the current one. */
    async addRda(actor: Actor, id: number): Promise<JsonText> {
      await db.transaction(async (tx) => {
        const row = await repo.findInstitution(tx, id, true);
        if (!row) throw new NotFoundError();
        authorize(actor, 'create', 'Rda', { currentIoId: row.institution.currentIoId });
        const after = await attachDefaultRda(tx, row.institution, actor);
        await recordHistory(tx, {
          model: 'institution',
          objectId: id,
          action: 'update',
          before: row.institution,
          after,
          by: actor,
        });
      });
      return answer(actor, id);
    },

    attachDefaultRda,
    createIn,
    updateIn,

    /** The institution as the History grant's conditions read it (its signing official's own trail). */
    async historySubject(tx: DbOrTx, pk: string): Promise<{ currentIoId: number | null } | null> {
      const row = await repo.findInstitution(tx, Number(pk));
      return row ? { currentIoId: row.institution.currentIoId } : null;
    },
  };
}

export type InstitutionsService = ReturnType<typeof createInstitutionsService>;
