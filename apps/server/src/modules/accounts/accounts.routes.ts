import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, sessionUserSchema, tokenResponseSchema, tokenVerifySchema } from '@rrp/domain';
import type { AccountsService } from './accounts.service';

/** Sign-in attempts per client address and minute before 429 (DESIGN.md: rate limits on sign-in). */
const SIGN_IN_RATE = { max: 10, timeWindow: '1 minute' };

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.post(
    '/api/api-token-auth/',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE },
      schema: { tags: ['accounts'], body: loginSchema, response: { 200: tokenResponseSchema } },
    },
    (request) => accounts.signIn(request.body),
  );

  app.post(
    '/api/api-token-verify/',
    {
      config: { access: 'public' },
      schema: { tags: ['accounts'], body: tokenVerifySchema, response: { 200: tokenResponseSchema } },
    },
    (request) => accounts.verifyToken(request.body.token),
  );

  app.get(
    '/api/user/me/',
    {
      config: { access: { action: 'read', subject: 'Session' } },
      schema: { tags: ['accounts'], response: { 200: sessionUserSchema } },
    },
    (request) => accounts.me(request.sessionUser!),
  );
};
