import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, mayAttempt, type Action, type Actor, type Subject } from '@rrp/domain';
import type { Db } from '../db/database';
import type { Listen } from '../db/notifications';
import {
  actorOf,
  loadSessionUser,
  mayImpersonate,
  resolveActiveRole,
  type SessionUser,
} from '../auth/session';
import { tokenFromHeader, type TokenClaims, type TokenService } from '../auth/tokens';
import { SessionUserCache, type SessionCacheOptions } from '../auth/session-cache';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './errors';

/** What a route needs: nothing (`public`), or an action on a subject from the permission table. */
export type RouteAccess = 'public' | { action: Action; subject: Subject };

/** One registered API route and what it requires: the permission walk test reads these. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access, in registration order. */
    apiRoutes: RegisteredRoute[];
    /** The signed-in users read lately, kept until the database says they changed. */
    sessionUsers: SessionUserCache;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    sessionUser: SessionUser | null;
    /** The user acting in their active role, or null for a visitor. */
    actor: Actor | null;
  }
}

interface AccessOptions {
  db: Db;
  /** Where the database's changes to session users are heard. */
  listen: Listen;
  tokens: TokenService;
  sessionCache?: SessionCacheOptions;
}

/**
 * Authentication and the route-level permission check, in one hook that runs before input
 * validation: a visitor gets 401 and a role without the grant 403 whatever they sent.
 * Every /api route must declare `config.access`; start-up fails for one that does not.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: AccessOptions) => {
  const sessionUsers = new SessionUserCache((userId) => loadSessionUser(opts.db, userId), opts.sessionCache);
  const unsubscribe = await sessionUsers.subscribe(opts.listen);
  app.addHook('onClose', () => unsubscribe());
  app.decorate('sessionUsers', sessionUsers);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('actor', null);

  const apiRoutes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (access === undefined) throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
    for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, access });
  });

  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const requestedRole = typeof query?.role === 'string' ? query.role : undefined;
    if (query && 'role' in query) delete query.role;

    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    await authenticate(request, opts.tokens, sessionUsers, requestedRole, access === 'public');
    if (access === 'public' || mayAttempt(request.actor, access.action, access.subject)) return;
    throw request.actor ? new ForbiddenError() : new UnauthorizedError();
  });
});

async function authenticate(
  request: FastifyRequest,
  tokens: TokenService,
  sessionUsers: SessionUserCache,
  requestedRole: string | undefined,
  isPublic: boolean,
): Promise<void> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return;
  const claims = await tokens.verify(token);
  const user = claims ? await sessionOf(sessionUsers, claims) : null;
  if (!user) {
    // A stale token on a public call (sign-in, health) is ignored rather than refused.
    if (isPublic) return;
    throw new UnauthorizedError('Given token not valid for any token type');
  }
  const role = resolveActiveRole(user, requestedRole);
  if (role === 'not-held') {
    if (isPublic) return;
    throw new ForbiddenError(`You do not hold the role ${requestedRole}.`);
  }
  request.sessionUser = user;
  request.actor = actorOf(user, role);
}

/**
 * The user a token speaks for, or null when it is revoked (issued before their last logout or
 * password reset), or when it names an impersonator who is gone, has since logged out or reset
 * their password, or may no longer impersonate.
 */
async function sessionOf(sessionUsers: SessionUserCache, claims: TokenClaims): Promise<SessionUser | null> {
  const [user, impersonator] = await Promise.all([
    sessionUsers.get(claims.user_id),
    claims.imp === undefined ? null : sessionUsers.get(claims.imp),
  ]);
  if (!user || claims.ver !== user.tokenVersion) return null;
  if (claims.imp === undefined) return user;
  if (!impersonator || claims.imp_ver !== impersonator.tokenVersion || !mayImpersonate(impersonator)) {
    return null;
  }
  return {
    ...user,
    impersonator: { id: impersonator.id, email: impersonator.email, roles: impersonator.roles },
  };
}

/**
 * Object-level check for services: an object the caller may not read is a 404 (its existence
 * is not revealed); one they may read but not act on is a 403.
 */
export function authorize(actor: Actor | null, action: Action, subject: Subject, object: object): void {
  if (!can(actor, 'read', subject, object)) throw new NotFoundError();
  if (!can(actor, action, subject, object)) throw new ForbiddenError();
}
