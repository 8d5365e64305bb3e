import { permissionsFor, type Actor, type UpdateProfile, type UserProfileDto } from '@rrp/domain';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import * as repo from './accounts.repo';
import { fullName } from './accounts.presenter';
import { presentEmailAddress, queueAddedEmailVerification } from './email-addresses.service';
import type { AccountsDeps } from './accounts.deps';

function present(
  actor: Actor,
  user: repo.UserRow,
  groups: string[],
  contacts: Awaited<ReturnType<typeof repo.contactsOf>>,
): UserProfileDto {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: fullName(user),
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
    orcid: user.orcid,
    primary_role: (user.primaryRole as UserProfileDto['primary_role']) ?? null,
    groups,
    verified: user.verified,
    active: user.isActive,
    last_login: user.lastLogin?.toISOString() ?? null,
    emails: contacts.emails.map((row) => row.email),
    email_addresses: contacts.emails.map(presentEmailAddress),
    phone_numbers: contacts.phones,
    permissions: permissionsFor(actor, 'User', { id: user.id }),
  };
}

const emptyToNull = (value: string | null | undefined) => (value === '' ? null : value);

export function createProfileService(deps: AccountsDeps) {
  const { db, mailer } = deps;

  async function load(actor: Actor, userId: number) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new NotFoundError();
    authorize(actor, 'read', 'User', { id: user.id });
    const [groups, contacts] = await Promise.all([repo.rolesOf(db, userId), repo.contactsOf(db, userId)]);
    return present(actor, user, groups, contacts);
  }

  return {
    /** A user's profile, as My Profile shows it. */
    get: load,

    /** Saves the changed profile fields (and the primary role, which must be held); audited. */
    async update(actor: Actor, userId: number, input: UpdateProfile): Promise<UserProfileDto> {
      await db.transaction(async (tx) => {
        const before = await repo.findUserById(tx, userId, true);
        if (!before) throw new NotFoundError();
        authorize(actor, 'update', 'User', { id: before.id });
        if (input.primary_role !== undefined) {
          const held = await repo.rolesOf(tx, userId);
          if (!held.includes(input.primary_role)) {
            throw new ValidationError({ primary_role: ['You do not hold that role.'] });
          }
        }
        const after = await repo.updateUser(tx, userId, {
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
        });
        const contactsBefore = await repo.contactsOf(tx, userId);
        if (input.emails) {
          // The sign-in address is not a further one; each new address gets its verification link.
          const wanted = [...new Set(input.emails.map((email) => email.toLowerCase()))].filter(
            (email) => email !== before.email.toLowerCase(),
          );
          for (const address of await repo.syncEmails(tx, userId, wanted)) {
            await queueAddedEmailVerification(tx, deps, after, address);
          }
        }
        if (input.phone_numbers) await repo.replacePhones(tx, userId, [...new Set(input.phone_numbers)]);
        const contactsAfter = await repo.contactsOf(tx, userId);
        const listed = (contacts: typeof contactsBefore) => ({
          emails: contacts.emails.map((row) => row.email),
          phone_numbers: contacts.phones,
        });
        await recordHistory(tx, {
          model: 'user',
          objectId: userId,
          action: 'update',
          before: { ...before, ...listed(contactsBefore) },
          after: { ...after, ...listed(contactsAfter) },
          by: actor,
        });
      });
      mailer.flush();
      return load(actor, userId);
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
