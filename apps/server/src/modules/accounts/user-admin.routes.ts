import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserSchema,
  idParamSchema,
  pageSchema,
  resendEmailSchema,
  updateProfileSchema,
  updateUserSchema,
  userDetailSchema,
  userEmailSchema,
  userPhoneSchema,
} from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { parseOrThrow } from '../../platform/http/validate';
import type { ProfileService } from './profile.service';
import { isAdminEdit, type UserAdminService } from './user-admin.service';
import { userEmailList, userPhoneList, type UserContactsService } from './user-contacts.service';

export interface UserRoutesServices {
  profile: ProfileService;
  userAdmin: UserAdminService;
  contacts: UserContactsService;
}

/**
 * The user resource (foundation §7, staff §7): the user page, the admin user form (create, edit,
 * roles, deactivate, resend e-mails) and a user's e-mail addresses and phones. My Profile uses
 * the same GET and PATCH.
 */
export const userAdminRoutes: FastifyPluginAsyncZod<UserRoutesServices> = async (app, services) => {
  const { profile, userAdmin, contacts } = services;
  const tags = ['users'];

  app.get(
    '/api/user/:id/',
    {
      config: { access: { action: 'read', subject: 'User' } },
      schema: { tags, params: idParamSchema, response: { 200: userDetailSchema } },
    },
    (request) => profile.get(request.actor!, request.params.id),
  );

  app.patch(
    '/api/user/:id/',
    {
      config: { access: { action: 'update', subject: 'User' } },
      schema: {
        tags,
        description:
          'The user edits their profile (and primary role); the admin form also sends email, groups, institution(s), profile.globus_username, additional_data.user_type, comments and active. A new email is stored as pending_email and changes only once confirmed through the link e-mailed to it (POST confirm-email/); the current address is told. Changing the email, active flag or groups of another account that holds a role the caller may not grant is refused with 403.',
        params: idParamSchema,
        body: updateUserSchema,
        response: { 200: userDetailSchema },
      },
    },
    (request) =>
      isAdminEdit(request.body)
        ? userAdmin.update(request.actor!, request.params.id, request.body)
        : profile.update(request.actor!, request.params.id, parseOrThrow(updateProfileSchema, request.body)),
  );

  for (const url of ['/api/user/', '/api/user/create_user/']) {
    app.post(
      url,
      {
        config: { access: { action: 'create', subject: 'User' } },
        schema: {
          tags,
          description: 'Creates an account; the user receives an e-mail with a link to set their password.',
          body: createUserSchema,
          response: { 201: userDetailSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await userAdmin.create(request.actor!, request.body)),
    );
  }

  app.post(
    '/api/user/:id/resend_email/',
    {
      config: { access: { action: 'update', subject: 'User' } },
      schema: {
        tags,
        description: 'operation 1: the verification link; operation 2 (default): the set-your-password link.',
        params: idParamSchema,
        body: resendEmailSchema,
        response: { 200: z.object({ detail: z.string() }) },
      },
    },
    (request) => userAdmin.resendEmail(request.actor!, request.params.id, request.body.operation),
  );

  const contactRoutes = [
    { path: 'user-email', spec: userEmailList, schema: userEmailSchema, resource: contacts.emails },
    { path: 'user-phone', spec: userPhoneList, schema: userPhoneSchema, resource: contacts.phones },
  ] as const;
  for (const { path, spec, schema, resource } of contactRoutes) {
    app.get(
      `/api/${path}/`,
      {
        config: { access: { action: 'read', subject: 'User' } },
        schema: { tags, querystring: listQuerySchema(spec), response: { 200: pageSchema(schema) } },
      },
      async (request) => {
        const { list, count, results } = await resource.list(request.actor!, request.query);
        // One loop serves both kinds; each kind's rows match its own schema.
        return toPage(request, list, count, results as z.infer<typeof schema>[]);
      },
    );
    app.get(
      `/api/${path}/:id/`,
      {
        config: { access: { action: 'read', subject: 'User' } },
        schema: { tags, params: idParamSchema, response: { 200: schema } },
      },
      (request) => resource.get(request.actor!, request.params.id),
    );
  }
};
