import {
  can,
  isRoleKey,
  permissionsFor,
  type Actor,
  type UpdateProfile,
  type UserDetailDto,
} from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { affiliationsOfUser } from '../institutions/affiliations.service';
import * as repo from './accounts.repo';
import { fullName } from './accounts.presenter';
import { presentEmailAddress, queueAddedEmailVerification } from './email-addresses.service';
import type { AccountsDeps } from './accounts.deps';

type Affiliation = Awaited<ReturnType<typeof affiliationsOfUser>>[number];

/** The ids of the signing officials of the user's current institutions (the `isUsersOfficial` rule). */
const officialIdsOf = (affiliations: Affiliation[]) =>
  affiliations
    .filter((row) => row.link.removalReason === null && row.currentIoId !== null)
    .map((row) => row.currentIoId!);

function present(
  actor: Actor,
  user: repo.UserRow,
  groups: string[],
  contacts: Awaited<ReturnType<typeof repo.contactsOf>>,
  affiliations: Affiliation[],
  impersonations: Awaited<ReturnType<typeof repo.impersonationsOf>> | null,
): UserDetailDto {
  const name = fullName(user);
  const primary = affiliations.find((row) => row.link.primary && row.link.removalReason === null);
  return {
    id: user.id,
    email: user.email,
    pending_email: user.pendingEmail,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: name,
    display_name: name || user.email,
    title: user.title,
    phone_number: user.phoneNumber,
    address: user.address,
    city: user.city,
    region: user.region,
    postal_code: user.postalCode,
    country: user.country,
    shipping_vendor: user.shippingVendor,
    shipping_vendor_account_number: user.shippingVendorAccountNumber,
    globus_username: user.globusUsername,
    profile: { globus_username: user.globusUsername },
    orcid: user.orcid,
    primary_role: user.primaryRole !== null && isRoleKey(user.primaryRole) ? user.primaryRole : null,
    groups,
    roles: groups.filter(isRoleKey),
    verified: user.verified,
    active: user.isActive,
    last_login: user.lastLogin?.toISOString() ?? null,
    created: user.created.toISOString(),
    created_by: user.createdById,
    password_set: user.passwordHash !== null,
    suspended_request: user.suspendedRequestId,
    joinder_date: primary?.link.joinderDate?.toISOString() ?? null,
    additional_data: { user_type: user.additionalData.user_type ?? null },
    emails: contacts.emails.map((row) => row.email),
    email_addresses: contacts.emails.map(presentEmailAddress),
    phone_numbers: contacts.phones,
    reminder_email_opted_in: user.reminderEmailOptedIn,
    user_institutions: affiliations.map(({ link, institutionName }) => ({
      id: link.id,
      institution: link.institutionId,
      institution_name: institutionName,
      primary: link.primary,
      verified: link.verified,
      created: link.created.toISOString(),
      last_checked: link.lastChecked?.toISOString() ?? null,
      joinder_date: link.joinderDate?.toISOString() ?? null,
      removal_reason: link.removalReason,
    })),
    comments: can(actor, 'read', 'UserComment') ? user.comments : null,
    impersonation_history:
      impersonations?.map((row) => ({
        id: row.id,
        log: row.log,
        created: row.created.toISOString(),
        impersonator: row.impersonator
          ? { id: row.impersonator.id, full_name: fullName(row.impersonator), email: row.impersonator.email }
          : null,
      })) ?? null,
    permissions: permissionsFor(actor, 'User', { id: user.id, officialIds: officialIdsOf(affiliations) }),
  };
}

const emptyToNull = (value: string | null | undefined) => (value === '' ? null : value);

/** The users-table columns of a profile change (undefined: left as it is). */
export function profileColumns(input: UpdateProfile) {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    title: input.title,
    phoneNumber: input.phone_number,
    address: input.address,
    city: input.city,
    region: input.region,
    postalCode: input.postal_code,
    country: input.country,
    shippingVendor: input.shipping_vendor,
    shippingVendorAccountNumber: input.shipping_vendor_account_number,
    globusUsername: emptyToNull(input.globus_username),
    orcid: emptyToNull(input.orcid),
    primaryRole: input.primary_role,
    reminderEmailOptedIn: input.reminder_email_opted_in,
  };
}

/** The further addresses and phones as history records them. */
const listed = (contacts: Awaited<ReturnType<typeof repo.contactsOf>>) => ({
  emails: contacts.emails.map((row) => row.email),
  phone_numbers: contacts.phones,
});

/**
 * Writes a change of the user record and its further addresses and phones, in the caller's
 * transaction: each new address gets its verification link. Answers the history snapshots of
 * the contacts before and after; the caller records the history row with whatever else it changed.
 */
export async function writeUserChange(
  tx: DbOrTx,
  deps: Pick<AccountsDeps, 'mailer' | 'email'>,
  before: repo.UserRow,
  input: UpdateProfile,
  columns: Parameters<typeof repo.updateUser>[2],
) {
  const contactsBefore = await repo.contactsOf(tx, before.id);
  const after = await repo.updateUser(tx, before.id, columns);
  if (input.emails) {
    // The sign-in address is not a further one; each new address gets its verification link.
    const wanted = [...new Set(input.emails.map((email) => email.toLowerCase()))].filter(
      (email) => email !== after.email.toLowerCase(),
    );
    for (const address of await repo.syncEmails(tx, before.id, wanted)) {
      await queueAddedEmailVerification(tx, deps, after, address);
    }
  }
  if (input.phone_numbers) await repo.replacePhones(tx, before.id, [...new Set(input.phone_numbers)]);
  const contactsAfter = await repo.contactsOf(tx, before.id);
  return { after, contactsBefore: listed(contactsBefore), contactsAfter: listed(contactsAfter) };
}

/** Whether the caller may read this user's record (their own, staff, or their institutions' official). */
export async function mayReadUser(tx: DbOrTx, actor: Actor, userId: number): Promise<boolean> {
  return can(actor, 'read', 'User', {
    id: userId,
    officialIds: officialIdsOf(await affiliationsOfUser(tx, userId)),
  });
}

/** The user page and My Profile: the record with what the caller's grants open (staff §3 user). */
export async function loadUserDetail(tx: DbOrTx, actor: Actor, userId: number): Promise<UserDetailDto> {
  const user = await repo.findUserById(tx, userId);
  if (!user) throw new NotFoundError();
  const affiliations = await affiliationsOfUser(tx, userId);
  authorize(actor, 'read', 'User', { id: user.id, officialIds: officialIdsOf(affiliations) });
  const [groups, contacts, impersonations] = await Promise.all([
    repo.rolesOf(tx, userId),
    repo.contactsOf(tx, userId),
    can(actor, 'list', 'Impersonation') ? repo.impersonationsOf(tx, userId) : null,
  ]);
  return present(actor, user, groups, contacts, affiliations, impersonations);
}

export function createProfileService(deps: AccountsDeps) {
  const { db } = deps;

  return {
    /** A user's record, as My Profile and the user page show it. */
    get: (actor: Actor, userId: number) => loadUserDetail(db, actor, userId),

    /** Saves the changed profile fields (and the primary role, which must be held); audited. */
    async update(actor: Actor, userId: number, input: UpdateProfile): Promise<UserDetailDto> {
      await db.transaction(async (tx) => {
        const before = await repo.findUserById(tx, userId, true);
        if (!before || !(await mayReadUser(tx, actor, userId))) throw new NotFoundError();
        if (!can(actor, 'update', 'User', { id: before.id })) throw new ForbiddenError();
        if (input.primary_role !== undefined) {
          const held = await repo.rolesOf(tx, userId);
          if (!held.includes(input.primary_role)) {
            throw new ValidationError({ primary_role: ['You do not hold that role.'] });
          }
        }
        const change = await writeUserChange(tx, deps, before, input, profileColumns(input));
        await recordHistory(tx, {
          model: 'user',
          objectId: userId,
          action: 'update',
          before: { ...before, ...change.contactsBefore },
          after: { ...change.after, ...change.contactsAfter },
          by: actor,
        });
      });
      return loadUserDetail(db, actor, userId);
    },

    /** Exchanges the researcher-identity popup's code for an ORCID iD. */
    async exchangeOrcidCode(code: string, redirectUri: string): Promise<{ orcid: string }> {
      const orcid = await deps.orcid.exchangeCode(code, redirectUri);
      if (!orcid)
        throw new ValidationError({ code: ['The ORCID sign-in could not be completed. Please try again.'] });
      return { orcid };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
