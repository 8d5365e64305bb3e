import {
  MESSAGES,
  NEVER_ACTED_AS,
  impersonationRefusalMessage,
  isRoleKey,
  type Login,
  type SessionUserDto,
} from '@rrp/domain';
import { mayImpersonate, type SessionUser } from '../../platform/auth/session';
import { decoyPasswordHash, verifyPassword } from '../../platform/auth/passwords';
import type { DbOrTx } from '../../platform/db/database';
import { ForbiddenError, NotFoundError, ValidationError, type AppError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { SignInAttempts } from '../../platform/auth/sign-in-attempts';
import * as repo from './accounts.repo';
import { presentSessionUser } from './accounts.presenter';
import { sessionProfile } from './session-profile.repo';
import type { AccountsDeps } from './accounts.deps';

/** Login error codes of foundation §8 that the web app turns into their modals. */
const LOGIN_CODES = {
  termsOfService: 'TERMS_SERVICES',
  noPassword: 'NO_PASSWORD',
  unverified: 'ACCOUNT_UNVERIFIED',
  invalidInstitution: 'INVALID_INSTITUTION',
  recaptcha: 'RECAPTCHA_FAILED',
} as const;

/** Failed sign-ins allowed per account in 15 minutes before 429, whatever the client address. */
const FAILED_SIGN_IN_LIMIT = 10;

/**
 * Why someone who proved who they are (a password, or an e-mailed link) still gets no session:
 * the login codes of foundation §8 the web app turns into their modals; null when none applies.
 */
export async function admissionRefusal(
  db: DbOrTx,
  user: repo.UserRow,
  agreesToTerms: boolean,
): Promise<ValidationError | null> {
  if (!user.isActive) return ValidationError.nonField(MESSAGES.invalidCredentials);
  if (!user.verified) {
    return new ValidationError({ non_field_errors: ['Your account is unverified'] }, LOGIN_CODES.unverified, {
      user_id: user.id,
    });
  }
  const roles = await repo.rolesOf(db, user.id);
  if (roles.includes('primary_researcher')) {
    const affiliations = await repo.affiliationCounts(db, user.id);
    if (affiliations.total > 0 && affiliations.removed === affiliations.total) {
      return ValidationError.nonField(MESSAGES.invalidInstitution, LOGIN_CODES.invalidInstitution);
    }
  }
  if (!user.agreedToTermsAt && !agreesToTerms) {
    return ValidationError.nonField('Our Terms of Service Have Changed', LOGIN_CODES.termsOfService);
  }
  return null;
}

/** Records the sign-in (and a first agreement to the terms) and answers the session token. */
export async function openSession(
  deps: Pick<AccountsDeps, 'db' | 'tokens'>,
  user: repo.UserRow,
  tx: DbOrTx = deps.db,
): Promise<string> {
  await repo.recordSignIn(tx, user.id, !user.agreedToTermsAt);
  return deps.tokens.issue(user);
}

/** Why this staff member may not act as this user (decisions 012, 306), or null when they may. */
async function impersonationRefusal(
  db: DbOrTx,
  staff: repo.UserRow,
  target: repo.UserRow | null,
): Promise<AppError | null> {
  const staffRoles = (await repo.rolesOf(db, staff.id)).filter(isRoleKey);
  if (!mayImpersonate({ id: staff.id, roles: staffRoles })) return new ForbiddenError();
  if (!target || !target.isActive || target.id === staff.id) {
    return new ValidationError({ email: ['No active user with that email.'] });
  }
  const targetRoles = await repo.rolesOf(db, target.id);
  if (targetRoles.some((role) => (NEVER_ACTED_AS as readonly string[]).includes(role))) {
    return new ValidationError({ email: ['That user cannot be impersonated.'] });
  }
  const above = impersonationRefusalMessage({ userId: staff.id, roles: staffRoles }, targetRoles);
  return above ? new ValidationError({ email: [above] }) : null;
}

/**
 * The audit of one impersonation attempt, started or refused: a history row of the staff
 * member's `impersonation` record naming whom they asked for and what happened.
 */
async function recordImpersonation(
  db: DbOrTx,
  staff: repo.UserRow,
  email: string,
  target: repo.UserRow | null,
  refusal: AppError | null,
): Promise<void> {
  await recordHistory(db, {
    model: 'impersonation',
    objectId: staff.id,
    action: 'create',
    after: {
      user_id: target?.id ?? null,
      email,
      outcome: refusal ? 'refused' : 'started',
      reason: refusal?.message ?? null,
    },
    by: { userId: staff.id },
  });
}

export function createSessionService(deps: AccountsDeps) {
  const { db, tokens, botCheck } = deps;
  const attempts = new SignInAttempts(db, FAILED_SIGN_IN_LIMIT, 15 * 60_000);

  /** A wrong e-mail or password (already counted against the account by `attempts.begin`). */
  function refuse(): never {
    throw ValidationError.nonField(MESSAGES.invalidCredentials);
  }

  return {
    /** Checks the bot check, e-mail and password, and answers a session token (foundation §4 Session). */
    async signIn(input: Login, remoteIp?: string): Promise<{ token: string }> {
      await attempts.begin(input.email);
      if (!(await botCheck.verify(input.recaptcha, input.is_v2 ?? false, remoteIp))) {
        throw ValidationError.nonField(MESSAGES.recaptchaFailed, LOGIN_CODES.recaptcha);
      }
      const user = await repo.findUserByEmail(db, input.email);
      if (!user) {
        // Same cost as a wrong password, so the answer time does not reveal unknown e-mails.
        await verifyPassword(await decoyPasswordHash(), input.password);
        refuse();
      }
      if (user.passwordHash === null) {
        throw ValidationError.nonField('Please set a new password for your account.', LOGIN_CODES.noPassword);
      }
      if (!user.isActive || !(await verifyPassword(user.passwordHash, input.password))) refuse();
      await attempts.succeeded(input.email);
      const refusal = await admissionRefusal(db, user, input.agreed_to_terms === true);
      if (refusal) throw refusal;
      return { token: await openSession(deps, user) };
    },

    /**
     * A superuser or administrator acts as another user: the answer is a token for that user that
     * names the staff member, so history records both. What the session may do is bounded by
     * both people's rights (decision 108). Every attempt by a signed-in staff member, refused or
     * not, leaves a history row.
     */
    async impersonate(input: { email: string; token: string }): Promise<{ token: string }> {
      const claims = await tokens.verify(input.token);
      const staff = claims && !claims.imp ? await repo.findUserById(db, claims.user_id) : null;
      if (!staff || !staff.isActive || staff.tokenVersion !== claims?.ver) {
        throw ValidationError.nonField(MESSAGES.tokenNotVerified);
      }
      const target = await repo.findUserByEmail(db, input.email);
      const refusal = await impersonationRefusal(db, staff, target);
      await recordImpersonation(db, staff, input.email, target, refusal);
      if (refusal) throw refusal;
      await repo.insertPostLog(db, {
        userId: target!.id,
        impersonatorId: staff.id,
        log: `Impersonation started by ${staff.email}`,
      });
      return { token: await tokens.issue(target!, staff) };
    },

    /** Whether a token is valid, unexpired and not revoked; answers it back as the spec's verify call does. */
    async verifyToken(token: string): Promise<{ token: string }> {
      const claims = await tokens.verify(token);
      const user = claims ? await repo.findUserById(db, claims.user_id) : null;
      if (!claims || !user || !user.isActive || user.tokenVersion !== claims.ver) {
        throw ValidationError.nonField(MESSAGES.tokenNotVerified);
      }
      return { token };
    },

    /** Ends every session of the user (all devices). An impersonation ends only itself. */
    async logout(session: SessionUser): Promise<void> {
      if (session.impersonator) return;
      await repo.revokeSessions(db, session.id);
    },

    /** Records a client event, such as the end of an impersonation. */
    async postLog(session: SessionUser, log: string): Promise<void> {
      await repo.insertPostLog(db, { userId: session.id, impersonatorId: session.impersonator?.id, log });
    },

    /** The signed-in user as the session screens need it. */
    async me(session: SessionUser): Promise<SessionUserDto> {
      const profile = await sessionProfile(db, session.id);
      if (!profile) throw new NotFoundError();
      const { user, institution, verifiedEmails, abnApproved } = profile;
      return presentSessionUser(user, session, institution, verifiedEmails, abnApproved);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
