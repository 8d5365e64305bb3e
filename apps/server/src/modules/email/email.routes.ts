import { z } from 'zod';
import {
  emailInfoQuerySchema,
  emailInfoSchema,
  emailLogSchema,
  feedbackReceivedSchema,
  idParamSchema,
  postEmailSchema,
} from '@rrp/domain';
import { RATE_LIMITS } from '../../platform/http/rate-limit';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { emailLogList } from './email.lists';
import type { EmailService } from './email.service';

const emailLog = objectRoutes('/api/email_logs/', 'EmailLog', emailLogSchema);

export const emailRoutes = routes<{ email: EmailService }>(['email'], ({ email }) => [
  route({
    method: 'GET',
    url: '/api/email/',
    access: allow('read', 'Email'),
    query: emailInfoQuerySchema,
    response: emailInfoSchema,
    handle: ({ query }) => email.info(query),
  }),
  route({
    method: 'POST',
    url: '/api/email/',
    description:
      'The staff e-mail composer, or with `feedback: true` the feedback form to support (signed in or out, bot-checked).',
    // Feedback is open to everyone; the composer needs Email.create, checked by the service
    // on the parsed body (as POST notification/ does for staff notifications).
    access: allow('create', 'Feedback'),
    // Feedback counts like the other public forms that send e-mail; staff composing do not.
    rateLimit: {
      ...RATE_LIMITS.publicEmail,
      hook: 'preHandler',
      allowList: (request) => (request.body as { feedback?: unknown } | undefined)?.feedback !== true,
    },
    body: postEmailSchema,
    response: z.union([emailLogSchema, feedbackReceivedSchema]),
    status: 201,
    handle: ({ actor, body, request }) => email.post(actor, body, request.ip),
  }),
  emailLog.list({ list: emailLogList, load: ({ query }) => email.listLogs(query) }),
  route({
    method: 'POST',
    url: '/api/email_logs/:id/resend/',
    access: allow('create', 'EmailLog'),
    params: idParamSchema,
    response: emailLogSchema,
    status: 201,
    handle: ({ actor, params }) => email.resend(actor, params.id),
  }),
  emailLog.read(({ params }) => email.getLog(params.id)),
]);
