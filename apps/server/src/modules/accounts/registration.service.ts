import { MESSAGES, type RegisterResearcher, type VerifyUserResult } from '@rrp/domain';
import {
  consumeOneTimeToken,
  issueOneTimeToken,
  revokeOneTimeTokens,
} from '../../platform/auth/one-time-tokens';
import type { DbOrTx } from '../../platform/db/database';
import { ValidationError } from '../../platform/http/errors';
import { hashPassword } from '../../platform/auth/passwords';
import { ACCOUNT_ANSWER_FLOOR_MS, withTimingFloor } from '../../platform/auth/timing-floor';
import { recordHistory } from '../../platform/history';
import { createUser } from '../../db/factories';
import { claimTeamMemberships } from '../projects/team-accounts.service';
import { fullName } from './accounts.presenter';
import { existingAccountEmail, verificationEmail } from './accounts.emails';
import * as repo from './accounts.repo';
import type { AccountsDeps } from './accounts.deps';
import { admissionRefusal, openSession } from './session.service';

const VERIFY_CODES = { expired: 'TOKEN_EXPIRED', invalid: 'TOKEN_INVALID' } as const;

/** E-mails the account's verification link, retiring earlier ones; sent after the caller's commit. */
export async function queueVerificationEmail(
  tx: DbOrTx,
  deps: Pick<AccountsDeps, 'mailer' | 'email'>,
  user: repo.UserRow,
): Promise<void> {
  await revokeOneTimeTokens(tx, user.id, 'verify-email');
  const token = await issueOneTimeToken(tx, user.id, 'verify-email');
  const email = verificationEmail(deps.email, fullName(user) || user.email, token);
  await deps.mailer.queue(tx, { ...email, to: [user.email], template: 'verify-email', userId: user.id });
}

export function createRegistrationService(deps: AccountsDeps) {
  const { db, botCheck, mailer } = deps;
  const queueVerification = (tx: DbOrTx, user: repo.UserRow) => queueVerificationEmail(tx, deps, user);

  async function createResearcher(tx: DbOrTx, input: RegisterResearcher): Promise<void> {
    const created = await createUser(tx, {
      email: input.email,
      password: input.password,
      firstName: input.first_name,
      lastName: input.last_name,
      roles: ['primary_researcher'],
      verified: false,
      agreedToTerms: true,
      ...(input.institution ? { institutionId: input.institution, institutionVerified: false } : {}),
    });
    const withOrcid = input.orcid ? await repo.updateUser(tx, created.id, { orcid: input.orcid }) : created;
    await queueVerification(tx, withOrcid);
  }

  /**
   * Someone registered with the e-mail of an existing account: its owner gets a new verification
   * link if the account is still unverified, else a note that they already have an account.
   */
  async function tellOwnerOfExistingAccount(tx: DbOrTx, user: repo.UserRow): Promise<void> {
    if (!user.isActive) return;
    if (!user.verified) return queueVerification(tx, user);
    const email = existingAccountEmail(deps.email, fullName(user) || user.email);
    await mailer.queue(tx, { ...email, to: [user.email], template: 'existing-account', userId: user.id });
  }

  return {
    /**
     * A researcher registers (foundation §4 Registration): unverified account, verification e-mail.
     * An e-mail that already has an account gets the same answer, in the same time, and its owner
     * an e-mail instead (decision 117), so registering reveals nothing about accounts.
     */
    registerResearcher: (input: RegisterResearcher, remoteIp?: string) =>
      withTimingFloor(ACCOUNT_ANSWER_FLOOR_MS, async (): Promise<{ email: string }> => {
        if (!(await botCheck.verify(input.recaptcha, input.is_v2 ?? false, remoteIp))) {
          throw ValidationError.nonField(MESSAGES.recaptchaFailed, 'RECAPTCHA_FAILED');
        }
        await db.transaction(async (tx) => {
          if (input.institution && !(await repo.isApprovedInstitution(tx, input.institution))) {
            throw new ValidationError({ institution: [MESSAGES.institutionNotApproved] });
          }
          const existing = await repo.findUserByEmail(tx, input.email);
          if (existing) {
            // The work of creating an account (its password hash), then word to the owner.
            await hashPassword(input.password);
            await tellOwnerOfExistingAccount(tx, existing);
            return;
          }
          await createResearcher(tx, input);
        });
        return { email: input.email };
      }),

    /**
     * Verifies the e-mail from the link and answers a token (foundation §7, decision 105): a
     * session token as sign-in answers it for an account with a password (null while sign-in
     * would still ask something, such as the terms), else the token that sets the first
     * password. An expired link sends a fresh e-mail and says so.
     */
    async verifyEmail(token: string): Promise<VerifyUserResult> {
      const outcome = await db.transaction(async (tx) => {
        const consumed = await consumeOneTimeToken(tx, token, 'verify-email');
        if (consumed.status === 'invalid' || consumed.status === 'other-user')
          return { status: 'invalid' as const };
        const user = await repo.findUserById(tx, consumed.userId, true);
        if (!user) return { status: 'invalid' as const };
        // A link followed again once the account is verified: nothing to do but sign in (decision 132).
        if (consumed.status === 'used')
          return user.verified
            ? { status: 'verified' as const, password_set: user.passwordHash !== null }
            : { status: 'invalid' as const };
        if (consumed.status === 'expired') {
          await queueVerification(tx, user);
          return { status: 'expired' as const };
        }
        const after = await repo.updateUser(tx, user.id, { verified: true });
        await recordHistory(tx, {
          model: 'user',
          objectId: user.id,
          action: 'update',
          before: user,
          after,
          by: { userId: user.id },
        });
        // Research teams that listed this e-mail before the account existed (decision 092).
        await claimTeamMemberships(tx, { id: user.id, email: user.email });
        if (after.passwordHash === null) {
          const setPassword = await issueOneTimeToken(tx, user.id, 'reset-password');
          return { status: 'ok' as const, token: setPassword, password_set: false };
        }
        const admitted = (await admissionRefusal(tx, after, false)) === null;
        const session = admitted ? await openSession(deps, after, tx) : null;
        return { status: 'ok' as const, token: session, password_set: true };
      });
      if (outcome.status === 'invalid')
        throw ValidationError.nonField(MESSAGES.tokenNotVerified, VERIFY_CODES.invalid);
      if (outcome.status === 'expired') {
        throw ValidationError.nonField(MESSAGES.tokenExpired, VERIFY_CODES.expired);
      }
      if (outcome.status === 'verified')
        return { token: null, password_set: outcome.password_set, already_verified: true };
      return { token: outcome.token, password_set: outcome.password_set, already_verified: false };
    },

    /**
     * Sends a new verification e-mail to an unverified account. Answers the same, in the same
     * time, whatever the id, so it reveals nothing about accounts.
     */
    resendVerification: (userId: number) =>
      withTimingFloor(ACCOUNT_ANSWER_FLOOR_MS, async (): Promise<{ detail: string }> => {
        await db.transaction(async (tx) => {
          const user = await repo.findUserById(tx, userId);
          if (!user || user.verified || !user.isActive) return;
          await queueVerification(tx, user);
        });
        return { detail: MESSAGES.verificationSent };
      }),
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
