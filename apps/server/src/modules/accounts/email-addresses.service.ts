import { MESSAGES, USER_MESSAGES, type Actor, type EmailAddressDto } from '@rrp/domain';
import {
  consumeOneTimeToken,
  issueOneTimeToken,
  revokeOneTimeTokens,
} from '../../platform/auth/one-time-tokens';
import type { DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { claimTeamMemberships } from '../projects/team-accounts.service';
import {
  addedEmailVerificationEmail,
  emailChangeConfirmationEmail,
  emailChangeNoticeEmail,
} from './accounts.emails';
import { fullName } from './accounts.presenter';
import * as repo from './accounts.repo';
import type { AccountsDeps } from './accounts.deps';

const PURPOSE = 'verify-added-email';
const CHANGE_PURPOSE = 'confirm-email-change';

export const ADDED_EMAIL_MESSAGES = {
  notOnProfile: 'This address is not on your profile.',
  alreadyVerified: 'This address is already verified.',
  otherAccount:
    'This link was sent for another account. Sign in as the account that added the address, then open the link again.',
  ownedElsewhere: 'This address already belongs to another account.',
} as const;

const EMAIL_CHANGE_MESSAGES = {
  expired: 'This link has expired. Ask for the change again to receive a new one.',
} as const;

/**
 * E-mails a link that proves the added address (decision 107), retiring earlier links for it.
 * Runs in the caller's transaction; the mail leaves after commit.
 */
export async function queueAddedEmailVerification(
  tx: DbOrTx,
  deps: Pick<AccountsDeps, 'mailer' | 'email'>,
  user: repo.UserRow,
  address: repo.UserEmailRow,
): Promise<void> {
  await revokeOneTimeTokens(tx, user.id, PURPOSE, { userEmailId: address.id });
  const token = await issueOneTimeToken(tx, user.id, PURPOSE, { userEmailId: address.id });
  const email = addedEmailVerificationEmail(
    deps.email,
    { name: fullName(user) || user.email, email: user.email },
    token,
  );
  await deps.mailer.queue(tx, { ...email, to: [address.email], template: PURPOSE, userId: user.id });
}

/**
 * Starts a change of the sign-in address (decision 307), in the caller's transaction, once the
 * new address is stored as pending: the link that confirms it goes to the new address (older
 * links retired), a notice to the current one. Until the link is followed the account signs in,
 * and receives reset links, at its current address.
 */
export async function queueEmailChange(
  tx: DbOrTx,
  deps: Pick<AccountsDeps, 'mailer' | 'email'>,
  user: repo.UserRow,
  newEmail: string,
  byStaff: boolean,
): Promise<void> {
  await revokeOneTimeTokens(tx, user.id, CHANGE_PURPOSE);
  const token = await issueOneTimeToken(tx, user.id, CHANGE_PURPOSE);
  const name = fullName(user) || user.email;
  const confirm = emailChangeConfirmationEmail(deps.email, { name, email: user.email }, token);
  await deps.mailer.queue(tx, { ...confirm, to: [newEmail], template: CHANGE_PURPOSE, userId: user.id });
  const notice = emailChangeNoticeEmail(deps.email, name, newEmail, byStaff);
  await deps.mailer.queue(tx, {
    ...notice,
    to: [user.email],
    template: 'email-change-notice',
    userId: user.id,
  });
}

/** The user's further addresses that count: the verified ones. */
async function verifiedEmailsOf(tx: DbOrTx, userId: number): Promise<string[]> {
  const { emails } = await repo.contactsOf(tx, userId);
  return emails.filter((row) => row.verifiedAt !== null).map((row) => row.email);
}

/** An added address as My Profile lists it. */
export const presentEmailAddress = (row: repo.UserEmailRow): EmailAddressDto => ({
  email: row.email,
  verified: row.verifiedAt !== null,
});

/**
 * The further e-mail addresses of an account (foundation §3 "emails list"): each must be proved
 * by a link sent to it, followed while signed in to the account, before it counts for anything.
 */
export function createEmailAddressesService(deps: AccountsDeps) {
  const { db } = deps;

  return {
    /** Sends a fresh verification link for one of the user's unverified added addresses. */
    async resendVerification(actor: Actor, userId: number, email: string): Promise<{ detail: string }> {
      await db.transaction(async (tx) => {
        const user = await repo.findUserById(tx, userId);
        if (!user) throw new NotFoundError();
        authorize(actor, 'update', 'User', { id: user.id });
        const address = await repo.findUserEmail(tx, { userId, email });
        if (!address) throw new ValidationError({ email: [ADDED_EMAIL_MESSAGES.notOnProfile] });
        if (address.verifiedAt) throw new ValidationError({ email: [ADDED_EMAIL_MESSAGES.alreadyVerified] });
        await queueAddedEmailVerification(tx, deps, user, address);
      });
      return { detail: MESSAGES.verificationSent };
    },

    /**
     * Follows the link sent to a new sign-in address (decision 307), signed in or not: the link
     * alone proves the mailbox. The address becomes the account's, and every outstanding
     * password, verification and change link of the account stops working.
     */
    async confirmEmailChange(token: string): Promise<{ email: string }> {
      const email = await db.transaction(async (tx) => {
        const consumed = await consumeOneTimeToken(tx, token, CHANGE_PURPOSE);
        if (consumed.status === 'expired') {
          throw new ValidationError({ token: [EMAIL_CHANGE_MESSAGES.expired] }, 'TOKEN_EXPIRED');
        }
        const before = consumed.status === 'ok' ? await repo.findUserById(tx, consumed.userId, true) : null;
        if (!before?.pendingEmail) throw new ValidationError({ token: [MESSAGES.tokenNotVerified] });
        const wanted = before.pendingEmail;
        if (
          (await repo.addressOwnedElsewhere(tx, wanted, before.id)) ||
          (await repo.emailTakenByOther(tx, wanted, before.id))
        ) {
          throw new ValidationError({ email: [USER_MESSAGES.emailTaken] });
        }
        await repo.dropFurtherEmail(tx, before.id, wanted);
        const after = await repo.updateUser(tx, before.id, {
          email: wanted,
          pendingEmail: null,
          verified: true,
        });
        for (const purpose of ['reset-password', 'verify-email', CHANGE_PURPOSE] as const) {
          await revokeOneTimeTokens(tx, before.id, purpose);
        }
        await recordHistory(tx, {
          model: 'user',
          objectId: before.id,
          action: 'update',
          before,
          after,
          by: { userId: before.id },
        });
        return after.email;
      });
      return { email };
    },

    /**
     * Follows a verification link as the signed-in account that added the address. An expired
     * link sends a fresh one and says so; a link of another account is refused and stays unused.
     * Once verified, research-team rows listed under the address join the account (decision 092).
     */
    async verify(actor: Actor, token: string): Promise<EmailAddressDto> {
      const outcome = await db.transaction(async (tx) => {
        const consumed = await consumeOneTimeToken(tx, token, PURPOSE, actor.userId);
        // A link used before proves nothing more: answered as an unknown one.
        if (consumed.status === 'invalid' || consumed.status === 'used')
          return { status: 'invalid' as const };
        if (consumed.status === 'other-user') return { status: 'other-user' as const };
        const [user, address] = await Promise.all([
          repo.findUserById(tx, consumed.userId),
          consumed.userEmailId === null ? null : repo.findUserEmail(tx, { id: consumed.userEmailId }, true),
        ]);
        if (!user || !address) return { status: 'invalid' as const };
        authorize(actor, 'update', 'User', { id: user.id });
        if (consumed.status === 'expired') {
          await queueAddedEmailVerification(tx, deps, user, address);
          return { status: 'expired' as const };
        }
        if (address.verifiedAt) return { status: 'ok' as const, address };
        if (await repo.addressOwnedElsewhere(tx, address.email, user.id)) {
          throw new ValidationError({ email: [ADDED_EMAIL_MESSAGES.ownedElsewhere] });
        }
        const before = await verifiedEmailsOf(tx, user.id);
        const verified = await repo.markEmailVerified(tx, address.id);
        await recordHistory(tx, {
          model: 'user',
          objectId: user.id,
          action: 'update',
          before: { verified_emails: before },
          after: { verified_emails: [...before, verified.email] },
          by: actor,
        });
        await claimTeamMemberships(tx, { id: user.id, email: verified.email }, actor);
        return { status: 'ok' as const, address: verified };
      });
      if (outcome.status === 'invalid') throw new ValidationError({ token: [MESSAGES.tokenNotVerified] });
      if (outcome.status === 'other-user')
        throw new ValidationError({ token: [ADDED_EMAIL_MESSAGES.otherAccount] });
      if (outcome.status === 'expired') {
        throw new ValidationError({ token: [MESSAGES.tokenExpired] }, 'TOKEN_EXPIRED');
      }
      return presentEmailAddress(outcome.address);
    },
  };
}

export type EmailAddressesService = ReturnType<typeof createEmailAddressesService>;
