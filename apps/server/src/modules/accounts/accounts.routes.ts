import { z } from 'zod';
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
import { allow, route, routes } from '../../platform/http/route';

const { signIn: SIGN_IN_RATE, publicEmail: ACCOUNT_EMAIL_RATE } = RATE_LIMITS;

const detailSchema = z.object({ detail: z.string() });
const tokenSchema = z.strictObject({ token: z.string().min(1).max(200) });

interface AccountsServices {
  session: SessionService;
  registration: RegistrationService;
  password: PasswordService;
  profile: ProfileService;
  emailAddresses: EmailAddressesService;
  officials: OfficialsService;
}

export const accountsRoutes = routes<AccountsServices>(
  ['accounts'],
  ({ session, registration, password, profile, emailAddresses, officials }) => [
    route({
      method: 'POST',
      url: '/api/api-token-auth/',
      access: 'public',
      rateLimit: SIGN_IN_RATE,
      body: tokenAuthSchema,
      response: tokenResponseSchema,
      handle: ({ body, request }) => {
        const { token, password: secret, ...rest } = body;
        return token
          ? session.impersonate({ email: rest.email, token })
          : session.signIn({ ...rest, password: secret ?? '' }, request.ip);
      },
    }),
    route({
      method: 'POST',
      url: '/api/api-token-verify/',
      access: 'public',
      body: tokenVerifySchema,
      response: tokenResponseSchema,
      handle: ({ body }) => session.verifyToken(body.token),
    }),
    route({
      method: 'POST',
      url: '/api/logout/',
      access: allow('delete', 'Session'),
      status: 204,
      handle: ({ request }) => session.logout(request.sessionUser!),
    }),
    route({
      method: 'GET',
      url: '/api/user/me/',
      access: allow('read', 'Session'),
      response: sessionUserSchema,
      handle: ({ request }) => session.me(request.sessionUser!),
    }),
    route({
      method: 'POST',
      url: '/api/post-log/',
      access: allow('create', 'PostLog'),
      body: postLogSchema,
      status: 201,
      handle: async ({ body, request }) => {
        await session.postLog(request.sessionUser!, body.log);
        return { log: body.log };
      },
    }),
    route({
      method: 'POST',
      url: '/api/register-user/',
      description:
        'Registers a researcher, or with `token` (an invitation) a signing official: see registerResearcherSchema and registerOfficialSchema.',
      access: 'public',
      rateLimit: ACCOUNT_EMAIL_RATE,
      body: z.looseObject({}),
      // No id: an e-mail that already has an account answers the same as a new one (decision 117).
      response: z.object({ email: z.string() }),
      status: 201,
      handle: ({ body, request }) =>
        'token' in body
          ? officials.registerOfficial(parseOrThrow(registerOfficialSchema, body), request.ip)
          : registration.registerResearcher(parseOrThrow(registerResearcherSchema, body), request.ip),
    }),
    route({
      method: 'GET',
      url: '/api/verify-invitation/',
      access: 'public',
      rateLimit: SIGN_IN_RATE,
      query: tokenSchema,
      response: invitationSchema,
      handle: ({ query }) => officials.checkInvitation(query.token),
    }),
    route({
      method: 'POST',
      url: '/api/decline-invitation/',
      access: 'public',
      rateLimit: ACCOUNT_EMAIL_RATE,
      body: tokenSchema,
      response: z.object({ status: z.literal('declined') }),
      handle: ({ body }) => officials.declineInvitation(body.token),
    }),
    route({
      method: 'GET',
      url: '/api/verify-user/',
      access: 'public',
      rateLimit: SIGN_IN_RATE,
      query: verifyUserQuerySchema,
      response: verifyUserResponseSchema,
      handle: ({ query }) => registration.verifyEmail(query.token),
    }),
    route({
      method: 'GET',
      url: '/api/resend-verification/:id/',
      access: 'public',
      rateLimit: ACCOUNT_EMAIL_RATE,
      params: idParamSchema,
      query: z.strictObject({ sbso_verification: z.string().optional() }),
      response: detailSchema,
      handle: ({ params }) => registration.resendVerification(params.id),
    }),
    route({
      method: 'POST',
      url: '/api/forgot-password/',
      access: 'public',
      rateLimit: ACCOUNT_EMAIL_RATE,
      body: forgotPasswordSchema,
      response: z.object({ status: z.literal('sent') }),
      handle: ({ body, request }) => password.forgotPassword(body, request.ip),
    }),
    route({
      method: 'POST',
      url: '/api/reset-password/',
      access: 'public',
      rateLimit: SIGN_IN_RATE,
      body: resetPasswordSchema,
      response: z.object({ status: z.literal('reset') }),
      handle: ({ body }) => password.resetPassword(body),
    }),
    route({
      method: 'POST',
      url: '/api/user/:id/email-verification/',
      description: 'E-mails a fresh verification link for one of the added addresses on the profile.',
      access: allow('update', 'User'),
      rateLimit: ACCOUNT_EMAIL_RATE,
      params: idParamSchema,
      body: resendEmailVerificationSchema,
      response: detailSchema,
      handle: ({ actor, params, body }) => emailAddresses.resendVerification(actor, params.id, body.email),
    }),
    route({
      method: 'POST',
      url: '/api/verify-email/',
      description: 'Follows the link e-mailed to an added address, signed in as the account that added it.',
      access: allow('update', 'User'),
      rateLimit: SIGN_IN_RATE,
      body: emailedTokenSchema,
      response: emailAddressSchema,
      handle: ({ actor, body }) => emailAddresses.verify(actor, body.token),
    }),
    route({
      method: 'POST',
      url: '/api/confirm-email/',
      description:
        "Follows the link e-mailed to a new sign-in address (PATCH user/{id}/ with email stores it as pending_email): the address becomes the account's, and its outstanding password, verification and change links stop working. Signed in or not; the token alone proves the mailbox.",
      access: 'public',
      rateLimit: SIGN_IN_RATE,
      body: emailedTokenSchema,
      response: z.object({ email: z.string() }),
      handle: ({ body }) => emailAddresses.confirmEmailChange(body.token),
    }),
    route({
      method: 'GET',
      url: '/api/orcid/',
      access: allow('read', 'Orcid'),
      query: z.strictObject({ code: z.string().min(1).max(200), redirect_uri: z.url().optional() }),
      response: z.object({ orcid: z.string() }),
      handle: ({ query, request }) =>
        profile.exchangeOrcidCode(
          query.code,
          query.redirect_uri ?? `${request.protocol}://${request.host}/orchid-redirect`,
        ),
    }),
  ],
);
