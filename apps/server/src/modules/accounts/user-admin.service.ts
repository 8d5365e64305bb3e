import {
  ADMIN_USER_KEYS,
  MESSAGES,
  RESEND_OPERATIONS,
  USER_MESSAGES,
  can,
  identityChangeRefusal,
  roleChangeErrors,
  type Actor,
  type CreateUser,
  type RoleKey,
  type UpdateUser,
  type UserDetailDto,
} from '@rrp/domain';
import { issueOneTimeToken, revokeOneTimeTokens } from '../../platform/auth/one-time-tokens';
import type { DbOrTx } from '../../platform/db/database';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/errors';
import { FieldErrorCollector } from '../../platform/http/field-errors';
import { recordHistory } from '../../platform/history';
import { createUser } from '../../db/factories';
import {
  affiliationsOfUser,
  institutionChoiceErrors,
  setUserInstitutions,
} from '../institutions/affiliations.service';
import { accountCreatedEmail } from './accounts.emails';
import { fullName } from './accounts.presenter';
import * as repo from './accounts.repo';
import type { AccountsDeps } from './accounts.deps';
import { loadUserDetail, mayReadUser, profileColumns, writeUserChange } from './profile.service';
import { queueVerificationEmail } from './registration.service';
import { queueEmailChange } from './email-addresses.service';

/** How long a new account's set-your-password link stays valid (decision 147). */
const SET_PASSWORD_DAYS = 7;

/**
 * The admin form is for admins: a user the caller may not see is a 404, one they may see but not
 * administer (their own record, for a non-admin) a 403.
 */
async function authorizeAdminEdit(tx: DbOrTx, actor: Actor, user: repo.UserRow): Promise<void> {
  if (!(await mayReadUser(tx, actor, user.id))) throw new NotFoundError();
  // Unconditional grants only: `isSelf` lets everyone edit their profile, not administer it.
  if (!can(actor, 'update', 'User')) throw new ForbiddenError();
}

/**
 * Refuses (403, nothing changed) an identity change — e-mail, activation, password, roles — of
 * another account holding a role the caller may not grant (issue 29.1, decision 306).
 */
function authorizeIdentityChange(actor: Actor, userId: number, roles: readonly string[]): void {
  const refusal = identityChangeRefusal({ userId: actor.userId, role: actor.role }, userId, roles);
  if (refusal) throw new ForbiddenError(refusal);
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** Whether a PATCH user/{id}/ body carries fields only the admin form may send. */
export const isAdminEdit = (body: object) => ADMIN_USER_KEYS.some((key) => key in body);

/** The institutions the payload names, the primary first, under the field it named them in. */
function institutionsOf(input: Pick<UpdateUser, 'institution' | 'institutions'>) {
  if (input.institutions !== undefined) return { field: 'institutions', ids: input.institutions };
  if (input.institution !== undefined) {
    return { field: 'institution', ids: input.institution === null ? [] : [input.institution] };
  }
  return null;
}

/** The admin form's columns of the users table (undefined: left as it is). */
function adminColumns(before: repo.UserRow | null, input: UpdateUser | CreateUser) {
  return {
    title: input.title,
    globusUsername:
      input.profile?.globus_username === undefined ? undefined : input.profile.globus_username || null,
    comments: input.comments === undefined ? undefined : input.comments || null,
    additionalData:
      input.additional_data === undefined
        ? undefined
        : { ...(before?.additionalData ?? {}), user_type: input.additional_data.user_type ?? null },
  };
}

/** Sends the link that sets a password: a new account's first one, or a fresh one on staff's request. */
async function queueSetPasswordEmail(
  tx: DbOrTx,
  deps: Pick<AccountsDeps, 'mailer' | 'email'>,
  user: repo.UserRow,
): Promise<void> {
  await revokeOneTimeTokens(tx, user.id, 'reset-password');
  const token = await issueOneTimeToken(tx, user.id, 'reset-password', {
    lifetimeMs: SET_PASSWORD_DAYS * 24 * 60 * 60 * 1000,
  });
  const email = accountCreatedEmail(deps.email, fullName(user) || user.email, token, SET_PASSWORD_DAYS);
  await deps.mailer.queue(tx, { ...email, to: [user.email], template: 'account-created', userId: user.id });
}

/**
 * The admin user form (staff §2.12, §6, §7; foundation §7 user/create_user): creating users,
 * editing them with their roles and institutions, deactivating, and resending their e-mails. Every
 * role change passes `roleChangeErrors` (foundation §5 exclusions, who grants what).
 */
export function createUserAdminService(deps: AccountsDeps) {
  const { db } = deps;
  const granter = (actor: Actor) => ({ userId: actor.userId, role: actor.role });

  return {
    /** POST user/ and user/create_user/: a new account, unverified, with a set-your-password e-mail. */
    async create(actor: Actor, input: CreateUser): Promise<UserDetailDto> {
      if (!can(actor, 'create', 'User')) throw new ForbiddenError();
      const userId = await db.transaction(async (tx) => {
        const roles = [...new Set(input.groups ?? [])];
        const errors = new FieldErrorCollector();
        for (const message of roleChangeErrors({
          granter: granter(actor),
          targetUserId: null,
          before: [],
          after: roles,
        }))
          errors.add('groups', message);
        if (await repo.emailTakenByOther(tx, input.email, null))
          errors.add('email', USER_MESSAGES.emailTaken);
        const institutions = institutionsOf(input);
        for (const message of await institutionChoiceErrors(tx, institutions?.ids ?? []))
          errors.add(institutions!.field, message);
        if (!errors.isEmpty) throw new ValidationError(errors.result);

        const columns = adminColumns(null, input);
        const user = await createUser(tx, {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          roles: roles as RoleKey[],
          verified: false,
          agreedToTerms: false,
          createdBy: actor.userId,
          details: {
            title: columns.title ?? null,
            globusUsername: columns.globusUsername ?? null,
            comments: columns.comments ?? null,
            additionalData: columns.additionalData ?? {},
          },
        });
        if (institutions?.ids.length) await setUserInstitutions(tx, actor, user.id, institutions.ids);
        await queueSetPasswordEmail(tx, deps, user);
        return user.id;
      });
      return loadUserDetail(db, actor, userId);
    },

    /**
     * PATCH user/{id}/ with admin fields: profile fields, e-mail, roles, institutions, Globus
     * username, user type, comments and activation, in one audited change. Nothing is saved when
     * any field is refused.
     */
    async update(actor: Actor, userId: number, input: UpdateUser): Promise<UserDetailDto> {
      await db.transaction(async (tx) => {
        const before = await repo.findUserById(tx, userId, true);
        if (!before) throw new NotFoundError();
        await authorizeAdminEdit(tx, actor, before);
        if (input.comments !== undefined && !can(actor, 'update', 'UserComment')) throw new ForbiddenError();
        const rolesBefore = await repo.rolesOf(tx, userId);
        const roles = input.groups === undefined ? rolesBefore : [...new Set(input.groups)];
        // Only a changed field counts: the form sends the e-mail and roles back with every save.
        const newEmail =
          input.email !== undefined && input.email.toLowerCase() !== before.email.toLowerCase()
            ? input.email
            : null;
        if (
          newEmail !== null ||
          (input.active !== undefined && input.active !== before.isActive) ||
          !sameSet(rolesBefore, roles)
        )
          authorizeIdentityChange(actor, userId, rolesBefore);
        const errors = new FieldErrorCollector();
        if (input.groups !== undefined) {
          const change = { granter: granter(actor), targetUserId: userId, before: rolesBefore, after: roles };
          for (const message of roleChangeErrors(change)) errors.add('groups', message);
        }
        if (input.primary_role !== undefined && !roles.includes(input.primary_role))
          errors.add('primary_role', 'The user does not hold that role.');
        if (newEmail !== null && (await repo.emailTakenByOther(tx, newEmail, userId)))
          errors.add('email', USER_MESSAGES.emailTaken);
        const institutions = institutionsOf(input);
        for (const message of await institutionChoiceErrors(tx, institutions?.ids ?? []))
          errors.add(institutions!.field, message);
        if (input.active === false && userId === actor.userId)
          errors.add('active', USER_MESSAGES.cannotDeactivateSelf);
        if (!errors.isEmpty) throw new ValidationError(errors.result);

        // A primary role the user no longer holds gives way to one they do.
        const keepsPrimary = before.primaryRole !== null && roles.includes(before.primaryRole);
        const primaryRole =
          input.primary_role ?? (keepsPrimary ? undefined : ((roles[0] as RoleKey) ?? null));
        const affiliationsBefore = await affiliationsOfUser(tx, userId);
        const change = await writeUserChange(tx, deps, before, input, {
          ...profileColumns(input),
          ...adminColumns(before, input),
          // The address changes only once confirmed from its mailbox (decision 307).
          pendingEmail: newEmail ?? undefined,
          isActive: input.active,
          primaryRole,
        });
        if (newEmail !== null)
          await queueEmailChange(tx, deps, change.after, newEmail, userId !== actor.userId);
        if (input.groups !== undefined) await repo.setRoles(tx, userId, roles);
        if (institutions) await setUserInstitutions(tx, actor, userId, institutions.ids);
        // A deactivated account is signed out everywhere.
        if (input.active === false && before.isActive) await repo.revokeSessions(tx, userId);
        const current = async (rows: typeof affiliationsBefore) =>
          rows.filter((row) => row.link.removalReason === null).map((row) => row.link.institutionId);
        await recordHistory(tx, {
          model: 'user',
          objectId: userId,
          action: 'update',
          before: {
            ...before,
            ...change.contactsBefore,
            roles: rolesBefore,
            institutions: await current(affiliationsBefore),
          },
          after: {
            ...change.after,
            ...change.contactsAfter,
            roles,
            institutions: await current(await affiliationsOfUser(tx, userId)),
          },
          by: actor,
        });
      });
      return loadUserDetail(db, actor, userId);
    },

    /**
     * POST user/{id}/resend_email/: operation 1 resends the verification link of an unverified
     * account, operation 2 (the default) the set-your-password link (decision 147).
     */
    async resendEmail(actor: Actor, userId: number, operation: number): Promise<{ detail: string }> {
      await db.transaction(async (tx) => {
        const user = await repo.findUserById(tx, userId);
        if (!user) throw new NotFoundError();
        await authorizeAdminEdit(tx, actor, user);
        authorizeIdentityChange(actor, userId, await repo.rolesOf(tx, userId));
        if (!user.isActive) throw ValidationError.nonField('The account is deactivated.');
        if (operation === RESEND_OPERATIONS.verification) {
          if (user.verified) throw ValidationError.nonField('The account is already verified.');
          await queueVerificationEmail(tx, deps, user);
        } else {
          await queueSetPasswordEmail(tx, deps, user);
        }
      });
      return {
        detail:
          operation === RESEND_OPERATIONS.verification
            ? MESSAGES.verificationSent
            : 'Email successfully sent',
      };
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
