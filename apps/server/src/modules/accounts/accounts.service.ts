import { MESSAGES, type Login, type SessionUserDto } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import type { SessionUser } from '../../platform/auth/session';
import { decoyPasswordHash, verifyPassword } from '../../platform/auth/passwords';
import type { TokenService } from '../../platform/auth/tokens';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import * as repo from './accounts.repo';
import { presentSessionUser } from './accounts.presenter';

/** Login error codes of foundation §8 that the web app turns into their modals. */
export const LOGIN_CODES = {
  termsOfService: 'TERMS_SERVICES',
  noPassword: 'NO_PASSWORD',
  unverified: 'ACCOUNT_UNVERIFIED',
} as const;

export function createAccountsService(deps: { db: Db; tokens: TokenService }) {
  const { db, tokens } = deps;
  return {
    /** Checks e-mail and password and answers a session token (foundation §4 Session). */
    async signIn(input: Login): Promise<{ token: string }> {
      const user = await repo.findUserByEmail(db, input.email);
      if (!user) {
        await verifyPassword(await decoyPasswordHash(), input.password);
        throw ValidationError.nonField(MESSAGES.invalidCredentials);
      }
      if (user.passwordHash === null) {
        throw ValidationError.nonField('Please set a new password for your account.', LOGIN_CODES.noPassword);
      }
      if (!user.isActive || !(await verifyPassword(user.passwordHash, input.password))) {
        throw ValidationError.nonField(MESSAGES.invalidCredentials);
      }
      if (!user.verified) {
        throw ValidationError.nonField('Your account is unverified', LOGIN_CODES.unverified);
      }
      if (!user.agreedToTermsAt && input.agreed_to_terms !== true) {
        throw ValidationError.nonField('Our Terms of Service Have Changed', LOGIN_CODES.termsOfService);
      }
      await repo.recordSignIn(db, user.id, !user.agreedToTermsAt);
      return { token: await tokens.issue(user) };
    },

    /** Whether a token is valid and unexpired; answers it back as the spec's verify call does. */
    async verifyToken(token: string): Promise<{ token: string }> {
      const claims = await tokens.verify(token);
      if (!claims || !(await repo.findUserById(db, claims.user_id))) {
        throw ValidationError.nonField('The token could not be verified. Contact Support.');
      }
      return { token };
    },

    /** The signed-in user as the session screens need it. */
    async me(session: SessionUser): Promise<SessionUserDto> {
      const [user, institution] = await Promise.all([
        repo.findUserById(db, session.id),
        repo.primaryUserInstitution(db, session.id),
      ]);
      if (!user) throw new NotFoundError();
      return presentSessionUser(user, session, institution);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
