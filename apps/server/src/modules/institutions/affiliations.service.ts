import {
  INSTITUTION_STATUS,
  RDA_STATUS,
  USER_MESSAGES,
  can,
  updateUserInstitutionSchema,
  permissionsFor,
  type Actor,
  type StaffUpdateUserInstitution,
  type UserInstitutionDto,
  type Verification,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { parseOrThrow } from '../../platform/http/validate';
import { recordHistory } from '../../platform/history';
import { promotePendingTeams } from '../requests/pending-team.service';
import { parseListQuery } from '../../platform/list';
import { affiliationList } from './institutions.lists';
import * as repo from './affiliations.repo';
import { findInstitution } from './institutions.repo';

/** Institutions a user may be affiliated with: any but rejected and deactivated ones (statuses 4, 6). */
const NOT_JOINABLE: readonly number[] = [INSTITUTION_STATUS.rejected, INSTITUTION_STATUS.addingNewSbso];
const joinable = (statusId: number) => !NOT_JOINABLE.includes(statusId);

/** The ending staff give an affiliation they take off the admin user form. */
const REMOVED_BY_STAFF = 'Removed by staff';

/**
 * Staff may change any affiliation (primary flag, verification, joinder, removal) and add one for
 * any user; researchers only add their own and agree to the joinder (decision 148).
 */
const isAffiliationStaff = (actor: Actor) => can(actor, 'update', 'UserInstitution');

/** The messages for a set of institution ids the admin user form sends (empty when all may be joined). */
export async function institutionChoiceErrors(tx: DbOrTx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await repo.institutionStatuses(tx, ids);
  const fine = new Set(rows.filter((row) => joinable(row.statusId)).map((row) => row.id));
  return ids.every((id) => fine.has(id)) ? [] : [USER_MESSAGES.institutionUnknown];
}

/** Every affiliation of a user with its institution's name and official, current ones first. */
export const affiliationsOfUser = repo.affiliationsOfUser;

/**
 * Makes the user's current institutions exactly `institutionIds` (checked with
 * `institutionChoiceErrors` first), the first one primary: new links start unverified for the
 * signing official to confirm, dropped ones end with a removal reason. Audited link by link.
 */
export async function setUserInstitutions(
  tx: DbOrTx,
  actor: Actor,
  userId: number,
  institutionIds: readonly number[],
): Promise<void> {
  const wanted = [...new Set(institutionIds)];
  const current = await repo.lockCurrentLinksOfUser(tx, userId);
  const audit = (before: repo.LinkRow | null, after: repo.LinkRow) =>
    recordHistory(tx, {
      model: 'user-institution',
      objectId: after.id,
      action: before ? 'update' : 'create',
      before,
      after,
      by: actor,
    });
  for (const link of current) {
    const keep = wanted.includes(link.institutionId);
    const primary = keep && wanted[0] === link.institutionId;
    if (keep && link.primary === primary) continue;
    const after = await repo.updateLink(
      tx,
      link.id,
      keep ? { primary } : { primary: false, removalReason: REMOVED_BY_STAFF },
    );
    await audit(link, after);
  }
  const held = new Set(current.map((link) => link.institutionId));
  for (const institutionId of wanted.filter((id) => !held.has(id))) {
    const link = await repo.insertLink(tx, {
      userId,
      institutionId,
      primary: wanted[0] === institutionId,
      verified: false,
    });
    await audit(null, link);
  }
}

type Row = {
  link: repo.LinkRow;
  currentIoId: number | null;
  member?: { id: number; firstName: string; lastName: string; email: string } | null;
};

function present(actor: Actor, { link, currentIoId, member }: Row, expandUser = false): UserInstitutionDto {
  return {
    id: link.id,
    institution: link.institutionId,
    user:
      expandUser && member
        ? { id: member.id, full_name: `${member.firstName} ${member.lastName}`.trim(), email: member.email }
        : link.userId,
    primary: link.primary,
    verified: link.verified,
    last_checked: link.lastChecked?.toISOString() ?? null,
    removal_reason: link.removalReason,
    joinder_date: link.joinderDate?.toISOString() ?? null,
    created: link.created.toISOString(),
    permissions: permissionsFor(actor, 'UserInstitution', { userId: link.userId, currentIoId }),
  };
}

/** Affiliations (user-institution links) and the researcher's joinder to the institution's RDA. */
export function createAffiliationsService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * PATCH user-institution/{id}/ by staff (decision 148): the primary flag (the user's other
   * links become secondary), verification (stamping when it was checked), the joinder date (set
   * or cleared) and a removal reason (which ends the link). Audited.
   */
  async function staffUpdate(
    actor: Actor,
    id: number,
    input: StaffUpdateUserInstitution,
  ): Promise<UserInstitutionDto> {
    const row = await db.transaction(async (tx) => {
      const current = await repo.lockLink(tx, id);
      if (!current) throw new NotFoundError();
      authorize(actor, 'update', 'UserInstitution', {
        userId: current.link.userId,
        currentIoId: current.currentIoId,
      });
      const ending = input.removal_reason != null && current.link.removalReason === null;
      if (input.primary && !ending) await demoteOtherPrimaries(tx, actor, current.link.userId, id);
      const changes = {
        ...(input.primary !== undefined ? { primary: input.primary } : {}),
        ...(input.verified !== undefined ? { verified: input.verified, lastChecked: new Date() } : {}),
        ...(input.joinder_date !== undefined
          ? { joinderDate: input.joinder_date === null ? null : new Date(input.joinder_date) }
          : {}),
        ...(input.removal_reason !== undefined ? { removalReason: input.removal_reason } : {}),
        ...(ending ? { primary: false } : {}),
      };
      // An empty change saves nothing.
      if (Object.keys(changes).length === 0) return current;
      return {
        link: await saveLinkChange(tx, actor, current.link, changes),
        currentIoId: current.currentIoId,
      };
    });
    return present(actor, row);
  }

  /**
   * The researcher agrees to the joinder: allowed once the institution's RDA is fully executed.
   * The server records the time of agreement, whatever time the client sent.
   */
  async function agreeToJoinder(actor: Actor, id: number): Promise<UserInstitutionDto> {
    const row = await db.transaction(async (tx) => {
      const current = await repo.lockLink(tx, id);
      if (!current) throw new NotFoundError();
      authorize(actor, 'update', 'UserInstitution', {
        userId: current.link.userId,
        currentIoId: current.currentIoId,
      });
      if (current.rdaStatus !== RDA_STATUS.fullyExecuted) {
        throw new ValidationError({ joinder_date: ['The institution’s RDA is not fully executed yet.'] });
      }
      const link = await saveLinkChange(tx, actor, current.link, { joinderDate: new Date() });
      return { link, currentIoId: current.currentIoId };
    });
    return present(actor, row);
  }

  return {
    /** Staff see every link; an official their institution's and their own; others their own. */
    async list(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(affiliationList, query);
      // Current affiliations unless `removed=true` asks for the ended ones (`all`: both).
      const page = await repo.linkPage(db, list, {
        visibleTo: can(actor, 'read', 'UserInstitution') ? null : actor.userId,
        removed: query.removed,
      });
      const expandUser = list.expand.has('user');
      return { list, count: page.count, results: page.rows.map((row) => present(actor, row, expandUser)) };
    },

    /**
     * GET user-institution/{id}/: one link, to those who see it in the list (staff, the
     * institution's official, the affiliated user); anyone else gets 404. Ended links included.
     */
    async get(actor: Actor, id: number, expandUser = false): Promise<UserInstitutionDto> {
      const row = await repo.findLink(db, id);
      if (!row) throw new NotFoundError();
      authorize(actor, 'read', 'UserInstitution', { userId: row.link.userId, currentIoId: row.currentIoId });
      return present(actor, row, expandUser);
    },

    /**
     * The signing official confirms researchers as affiliated or removes them with a reason (which
     * ends the affiliation). The annual review must mark every affiliated researcher.
     */
    async verify(
      actor: Actor,
      institutionId: number,
      input: Verification,
    ): Promise<{ detail: string; verified: number; removed: number }> {
      const outcome = await db.transaction(async (tx) => {
        const found = await findInstitution(tx, institutionId, true);
        if (!found) throw new NotFoundError();
        const { institution } = found;
        authorize(actor, 'update', 'Institution', { currentIoId: institution.currentIoId });
        const links = await repo.lockCurrentLinksOfInstitution(tx, institutionId);
        const byUser = new Map(links.map((link) => [link.userId, link]));
        const errors: string[] = [];
        for (const entry of input.entries) {
          if (!byUser.has(entry.user_id))
            errors.push(`User ${entry.user_id} is not affiliated with this institution.`);
          if (!entry.verified && !entry.removal_reason)
            errors.push(`A removal reason is required for user ${entry.user_id}.`);
        }
        const marked = new Set(input.entries.map((entry) => entry.user_id));
        // The official does not review their own affiliation.
        if (
          input.annual_review &&
          links.some((link) => link.userId !== actor.userId && !marked.has(link.userId))
        ) {
          errors.push('Every researcher must be marked.');
        }
        if (errors.length) throw new ValidationError({ entries: errors });

        const now = new Date();
        for (const entry of input.entries) {
          const before = byUser.get(entry.user_id)!;
          const after = await repo.updateLink(
            tx,
            before.id,
            entry.verified
              ? { verified: true, lastChecked: now }
              : { verified: false, lastChecked: now, removalReason: entry.removal_reason!, primary: false },
          );
          await recordHistory(tx, {
            model: 'user-institution',
            objectId: before.id,
            action: 'update',
            before,
            after,
            by: actor,
          });
        }
        if (input.annual_review) {
          const after = await repo.markAnnualReview(tx, institutionId, now);
          await recordHistory(tx, {
            model: 'institution',
            objectId: institutionId,
            action: 'update',
            before: institution,
            after,
            by: actor,
          });
        }
        const removed = input.entries.filter((entry) => !entry.verified).length;
        return { verified: input.entries.length - removed, removed };
      });
      return { detail: input.annual_review ? 'Annual Review Complete!' : 'Verification saved.', ...outcome };
    },

    /**
     * A researcher without an institution joins a known one (not deactivated); the official
     * verifies it later. Staff add an affiliation for any user (POST user-institution: institution,
     * user, primary), a further one included; a primary one makes the others secondary.
     */
    async join(
      actor: Actor,
      institutionId: number,
      userId = actor.userId,
      primary = true,
    ): Promise<UserInstitutionDto> {
      const staff = isAffiliationStaff(actor);
      if (userId !== actor.userId && !staff)
        throw new ValidationError({ user: ['You can only add yourself to an institution.'] });
      const row = await db.transaction(async (tx) => {
        const institution = (await findInstitution(tx, institutionId))?.institution;
        if (!institution || !joinable(institution.statusId)) {
          throw new ValidationError({ institution: [USER_MESSAGES.institutionUnknown] });
        }
        if (!(await repo.userExists(tx, userId)))
          throw new ValidationError({ user: ['Select an existing user.'] });
        const current = await repo.lockCurrentLinksOfUser(tx, userId);
        if (current.length > 0 && !staff)
          throw ValidationError.nonField('You are already affiliated with an institution.');
        if (current.some((link) => link.institutionId === institutionId)) {
          throw new ValidationError({
            institution: ['The user is already affiliated with this institution.'],
          });
        }
        const makePrimary = primary || current.length === 0;
        if (makePrimary) await demoteOtherPrimaries(tx, actor, userId, null);
        const link = await repo.insertLink(tx, {
          userId,
          institutionId,
          primary: makePrimary,
          verified: false,
        });
        await recordHistory(tx, {
          model: 'user-institution',
          objectId: link.id,
          action: 'create',
          after: link,
          by: actor,
        });
        return { link, currentIoId: institution.currentIoId };
      });
      return present(actor, row);
    },

    /**
     * PATCH user-institution/{id}/: staff change any field; anyone else only agrees to their
     * joinder.
     */
    update(actor: Actor, id: number, input: StaffUpdateUserInstitution): Promise<UserInstitutionDto> {
      if (isAffiliationStaff(actor)) return staffUpdate(actor, id, input);
      parseOrThrow(updateUserInstitutionSchema, input);
      return agreeToJoinder(actor, id);
    },
  };
}

/** The user's current primary links other than `keepId` become secondary (audited). */
async function demoteOtherPrimaries(tx: DbOrTx, actor: Actor, userId: number, keepId: number | null) {
  const demoted = await repo.lockPrimaryLinks(tx, userId, keepId);
  for (const before of demoted) {
    const after = await repo.updateLink(tx, before.id, { primary: false });
    await recordHistory(tx, {
      model: 'user-institution',
      objectId: before.id,
      action: 'update',
      before,
      after,
      by: actor,
    });
  }
}

export type AffiliationsService = ReturnType<typeof createAffiliationsService>;

/**
 * Saves a change to an affiliation with its audit entry. A joinder first signed by this change may
 * complete a request's team (Approved (Pending Team) -> Approved).
 */
async function saveLinkChange(
  tx: DbOrTx,
  actor: Actor,
  current: repo.LinkRow,
  changes: Parameters<typeof repo.updateLink>[2],
) {
  const after = await repo.updateLink(tx, current.id, changes);
  await recordHistory(tx, {
    model: 'user-institution',
    objectId: current.id,
    action: 'update',
    before: current,
    after,
    by: actor,
  });
  if (after.joinderDate && !current.joinderDate)
    await promotePendingTeams(tx, { userId: current.userId }, actor);
  return after;
}
