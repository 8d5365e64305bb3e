import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailInfoQuerySchema,
  emailInfoSchema,
  emailLogSchema,
  idParamSchema,
  pageSchema,
  sendEmailSchema,
} from '@rrp/domain';
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
      config: { access: { action: 'create', subject: 'Email' } },
      schema: { tags, body: sendEmailSchema, response: { 201: emailLogSchema } },
    },
    async (request, reply) => reply.status(201).send(await email.send(request.actor!, request.body)),
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

  app.get(
    '/api/email_logs/:id/',
    {
      config: { access: { action: 'read', subject: 'EmailLog' } },
      schema: { tags, params: idParamSchema, response: { 200: emailLogSchema } },
    },
    (request) => email.getLog(request.params.id),
  );
};
