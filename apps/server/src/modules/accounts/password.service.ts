import { MESSAGES, type ForgotPassword, type ResetPassword } from '@rrp/domain';
import {
  consumeOneTimeToken,
  issueOneTimeToken,
  revokeOneTimeTokens,
} from '../../platform/auth/one-time-tokens';
import { hashPassword } from '../../platform/auth/passwords';
import { ACCOUNT_ANSWER_FLOOR_MS, withTimingFloor } from '../../platform/auth/timing-floor';
import { ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { fullName } from './accounts.presenter';
import { passwordResetEmail } from './accounts.emails';
import * as repo from './accounts.repo';
import type { AccountsDeps } from './accounts.deps';

export function createPasswordService(deps: AccountsDeps) {
  const { db, botCheck, mailer } = deps;
  return {
    /**
     * Sends a reset link if the address has an active account; answers the same, in the same
     * time, either way.
     */
    forgotPassword: (input: ForgotPassword, remoteIp?: string) =>
      withTimingFloor(ACCOUNT_ANSWER_FLOOR_MS, async (): Promise<{ status: 'sent' }> => {
        if (!(await botCheck.verify(input.recaptcha, input.is_v2 ?? false, remoteIp))) {
          throw ValidationError.nonField('Recaptcha Failed', 'RECAPTCHA_FAILED');
        }
        await db.transaction(async (tx) => {
          const user = await repo.findUserByEmail(tx, input.email);
          if (!user || !user.isActive) return;
          // Only the newest link works.
          await revokeOneTimeTokens(tx, user.id, 'reset-password');
          const token = await issueOneTimeToken(tx, user.id, 'reset-password');
          const email = passwordResetEmail(deps.email, fullName(user) || user.email, token);
          await mailer.queue(tx, { ...email, to: [user.email], template: 'reset-password', userId: user.id });
        });
        return { status: 'sent' as const };
      }),

    /**
     * Sets a new password from an e-mailed token: single use, unexpired. Every session of the
     * user ends; the account counts as verified, since the link proved the address.
     */
    async resetPassword(input: ResetPassword): Promise<{ status: 'reset' }> {
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const consumed = await consumeOneTimeToken(tx, input.token, 'reset-password');
        if (consumed.status !== 'ok') throw new ValidationError({ token: [MESSAGES.resetFailed] });
        const before = await repo.findUserById(tx, consumed.userId, true);
        if (!before || !before.isActive) throw new ValidationError({ token: [MESSAGES.resetFailed] });
        const after = await repo.updateUser(tx, before.id, { passwordHash, verified: true });
        await repo.revokeSessions(tx, before.id);
        await recordHistory(tx, {
          model: 'user',
          objectId: before.id,
          action: 'update',
          before,
          after,
          by: { userId: before.id },
        });
      });
      return { status: 'reset' };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
