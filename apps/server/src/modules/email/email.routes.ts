import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailInfoQuerySchema,
  emailInfoSchema,
  emailLogSchema,
  feedbackReceivedSchema,
  idParamSchema,
  pageSchema,
  postEmailSchema,
} from '@rrp/domain';
import { RATE_LIMITS } from '../../platform/http/rate-limit';
import { listQuerySchema, toPage } from '../../platform/list';
import { emailLogList } from './email.lists';
import type { EmailService } from './email.service';

export const emailRoutes: FastifyPluginAsyncZod<{ email: EmailService }> = async (app, { email }) => {
  const tags = ['email'];

  app.get(
    '/api/email/',
    {
      config: { access: { action: 'read', subject: 'Email' } },
      schema: { tags, querystring: emailInfoQuerySchema, response: { 200: emailInfoSchema } },
    },
    (request) => email.info(request.query),
  );

  app.post(
    '/api/email/',
    {
      config: {
        // Feedback is open to everyone; the composer needs Email.create, checked by the service
        // on the parsed body (as POST notification/ does for staff notifications).
        access: { action: 'create', subject: 'Feedback' },
        // Feedback counts like the other public forms that send e-mail; staff composing do not.
        rateLimit: {
          ...RATE_LIMITS.publicEmail,
          hook: 'preHandler',
          allowList: (request) => (request.body as { feedback?: unknown } | undefined)?.feedback !== true,
        },
      },
      schema: {
        tags,
        description:
          'The staff e-mail composer, or with `feedback: true` the feedback form to support (signed in or out, bot-checked).',
        body: postEmailSchema,
        response: { 201: z.union([emailLogSchema, feedbackReceivedSchema]) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await email.post(request.actor, request.body, request.ip)),
  );

  app.get(
    '/api/email_logs/',
    {
      config: { access: { action: 'list', subject: 'EmailLog' } },
      schema: {
        tags,
        querystring: listQuerySchema(emailLogList),
        response: { 200: pageSchema(emailLogSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await email.listLogs(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.post(
    '/api/email_logs/:id/resend/',
    {
      config: { access: { action: 'create', subject: 'EmailLog' } },
      schema: { tags, params: idParamSchema, response: { 201: emailLogSchema } },
    },
    async (request, reply) => reply.status(201).send(await email.resend(request.actor!, request.params.id)),
  );

  app.get(
    '/api/email_logs/:id/',
    {
      config: { access: { action: 'read', subject: 'EmailLog' } },
      schema: { tags, params: idParamSchema, response: { 200: emailLogSchema } },
    },
    (request) => email.getLog(request.params.id),
  );
};
