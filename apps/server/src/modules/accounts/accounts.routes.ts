import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailAddressSchema,
  emailedTokenSchema,
  forgotPasswordSchema,
  invitationSchema,
  registerOfficialSchema,
  idParamSchema,
  postLogSchema,
  registerResearcherSchema,
  resendEmailVerificationSchema,
  resetPasswordSchema,
  sessionUserSchema,
  tokenAuthSchema,
  tokenResponseSchema,
  tokenVerifySchema,
  verifyUserQuerySchema,
  verifyUserResponseSchema,
} from '@rrp/domain';
import type { SessionService } from './session.service';
import type { RegistrationService } from './registration.service';
import type { PasswordService } from './password.service';
import type { ProfileService } from './profile.service';
import type { EmailAddressesService } from './email-addresses.service';
import type { OfficialsService } from '../institutions/officials.service';
import { parseOrThrow } from '../../platform/http/validate';
import { RATE_LIMITS } from '../../platform/http/rate-limit';

const { signIn: SIGN_IN_RATE, publicEmail: ACCOUNT_EMAIL_RATE } = RATE_LIMITS;

const detailSchema = z.object({ detail: z.string() });

export interface AccountsServices {
  session: SessionService;
  registration: RegistrationService;
  password: PasswordService;
  profile: ProfileService;
  emailAddresses: EmailAddressesService;
  officials: OfficialsService;
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsServices> = async (app, services) => {
  const { session, registration, password, profile, emailAddresses, officials } = services;
  const tags = ['accounts'];

  app.post(
    '/api/api-token-auth/',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE },
      schema: { tags, body: tokenAuthSchema, response: { 200: tokenResponseSchema } },
    },
    (request) => {
      const { token, password: secret, ...rest } = request.body;
      return token
        ? session.impersonate({ email: rest.email, token })
        : session.signIn({ ...rest, password: secret ?? '' }, request.ip);
    },
  );

  app.post(
    '/api/api-token-verify/',
    {
      config: { access: 'public' },
      schema: { tags, body: tokenVerifySchema, response: { 200: tokenResponseSchema } },
    },
    (request) => session.verifyToken(request.body.token),
  );

  app.post(
    '/api/logout/',
    { config: { access: { action: 'delete', subject: 'Session' } }, schema: { tags } },
    async (request, reply) => {
      await session.logout(request.sessionUser!);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/user/me/',
    {
      config: { access: { action: 'read', subject: 'Session' } },
      schema: { tags, response: { 200: sessionUserSchema } },
    },
    (request) => session.me(request.sessionUser!),
  );

  app.post(
    '/api/post-log/',
    { config: { access: { action: 'create', subject: 'PostLog' } }, schema: { tags, body: postLogSchema } },
    async (request, reply) => {
      await session.postLog(request.sessionUser!, request.body.log);
      return reply.status(201).send({ log: request.body.log });
    },
  );

  app.post(
    '/api/register-user/',
    {
      config: { access: 'public', rateLimit: ACCOUNT_EMAIL_RATE },
      schema: {
        tags,
        description:
          'Registers a researcher, or with `token` (an invitation) a signing official: see registerResearcherSchema and registerOfficialSchema.',
        body: z.looseObject({}),
        // No id: an e-mail that already has an account answers the same as a new one (decision 117).
        response: { 201: z.object({ email: z.string() }) },
      },
    },
    async (request, reply) => {
      const created =
        'token' in request.body
          ? await officials.registerOfficial(parseOrThrow(registerOfficialSchema, request.body), request.ip)
          : await registration.registerResearcher(
              parseOrThrow(registerResearcherSchema, request.body),
              request.ip,
            );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/verify-invitation/',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE },
      schema: {
        tags,
        querystring: z.strictObject({ token: z.string().min(1).max(200) }),
        response: { 200: invitationSchema },
      },
    },
    (request) => officials.checkInvitation(request.query.token),
  );

  app.post(
    '/api/decline-invitation/',
    {
      config: { access: 'public', rateLimit: ACCOUNT_EMAIL_RATE },
      schema: {
        tags,
        body: z.strictObject({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ status: z.literal('declined') }) },
      },
    },
    (request) => officials.declineInvitation(request.body.token),
  );

  app.get(
    '/api/verify-user/',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE },
      schema: { tags, querystring: verifyUserQuerySchema, response: { 200: verifyUserResponseSchema } },
    },
    (request) => registration.verifyEmail(request.query.token),
  );

  app.get(
    '/api/resend-verification/:id/',
    {
      config: { access: 'public', rateLimit: ACCOUNT_EMAIL_RATE },
      schema: {
        tags,
        params: idParamSchema,
        querystring: z.strictObject({ sbso_verification: z.string().optional() }),
        response: { 200: detailSchema },
      },
    },
    (request) => registration.resendVerification(request.params.id),
  );

  app.post(
    '/api/forgot-password/',
    {
      config: { access: 'public', rateLimit: ACCOUNT_EMAIL_RATE },
      schema: {
        tags,
        body: forgotPasswordSchema,
        response: { 200: z.object({ status: z.literal('sent') }) },
      },
    },
    (request) => password.forgotPassword(request.body, request.ip),
  );

  app.post(
    '/api/reset-password/',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE },
      schema: {
        tags,
        body: resetPasswordSchema,
        response: { 200: z.object({ status: z.literal('reset') }) },
      },
    },
    (request) => password.resetPassword(request.body),
  );

  app.post(
    '/api/user/:id/email-verification/',
    {
      config: { access: { action: 'update', subject: 'User' }, rateLimit: ACCOUNT_EMAIL_RATE },
      schema: {
        tags,
        description: 'E-mails a fresh verification link for one of the added addresses on the profile.',
        params: idParamSchema,
        body: resendEmailVerificationSchema,
        response: { 200: detailSchema },
      },
    },
    (request) => emailAddresses.resendVerification(request.actor!, request.params.id, request.body.email),
  );

  app.post(
    '/api/verify-email/',
    {
      config: { access: { action: 'update', subject: 'User' }, rateLimit: SIGN_IN_RATE },
      schema: {
        tags,
        description: 'Follows the link e-mailed to an added address, signed in as the account that added it.',
        body: emailedTokenSchema,
        response: { 200: emailAddressSchema },
      },
    },
    (request) => emailAddresses.verify(request.actor!, request.body.token),
  );

  app.post(
    '/api/confirm-email/',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE },
      schema: {
        tags,
        description:
          "Follows the link e-mailed to a new sign-in address (PATCH user/{id}/ with email stores it as pending_email): the address becomes the account's, and its outstanding password, verification and change links stop working. Signed in or not; the token alone proves the mailbox.",
        body: emailedTokenSchema,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    (request) => emailAddresses.confirmEmailChange(request.body.token),
  );

  app.get(
    '/api/orcid/',
    {
      config: { access: { action: 'read', subject: 'Orcid' } },
      schema: {
        tags,
        querystring: z.strictObject({ code: z.string().min(1).max(200), redirect_uri: z.url().optional() }),
        response: { 200: z.object({ orcid: z.string() }) },
      },
    },
    (request) =>
      profile.exchangeOrcidCode(
        request.query.code,
        request.query.redirect_uri ?? `${request.protocol}://${request.host}/orchid-redirect`,
      ),
  );
};
