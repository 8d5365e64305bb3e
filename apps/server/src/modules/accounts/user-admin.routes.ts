import { z } from 'zod';
import {
  createUserSchema,
  idParamSchema,
  resendEmailSchema,
  updateProfileSchema,
  updateUserSchema,
  userDetailSchema,
  userEmailSchema,
  userPhoneSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listRoute, type ListSpec } from '../../platform/list';
import { parseOrThrow } from '../../platform/http/validate';
import type { ProfileService } from './profile.service';
import { isAdminEdit, type UserAdminService } from './user-admin.service';
import type { UserContactsService } from './user-contacts.service';
import { userEmailList, userPhoneList } from './user-contacts.lists';

interface UserRoutesServices {
  profile: ProfileService;
  userAdmin: UserAdminService;
  contacts: UserContactsService;
}

/**
 * The user resource (foundation §7, staff §7): the user page, the admin user form (create, edit,
 * roles, deactivate, resend e-mails) and a user's e-mail addresses and phones. My Profile uses
 * the same GET and PATCH.
 */
export const userAdminRoutes = routes<UserRoutesServices>(['users'], ({ profile, userAdmin, contacts }) => [
  route({
    method: 'GET',
    url: '/api/user/:id/',
    access: allow('read', 'User'),
    params: idParamSchema,
    response: userDetailSchema,
    version: { table: 'users', history: 'user' },
    handle: ({ actor, params }) => profile.get(actor, params.id),
  }),
  route({
    method: 'PATCH',
    url: '/api/user/:id/',
    description:
      'The user edits their profile (and primary role); the admin form also sends email, groups, institution(s), profile.globus_username, additional_data.user_type, comments and active. A new email is stored as pending_email and changes only once confirmed through the link e-mailed to it (POST confirm-email/); the current address is told. Changing the email, active flag or groups of another account that holds a role the caller may not grant is refused with 403.',
    access: allow('update', 'User'),
    params: idParamSchema,
    body: updateUserSchema,
    response: userDetailSchema,
    version: { table: 'users', history: 'user' },
    handle: ({ actor, params, body }) =>
      isAdminEdit(body)
        ? userAdmin.update(actor, params.id, body)
        : profile.update(actor, params.id, parseOrThrow(updateProfileSchema, body)),
  }),
  ...['/api/user/', '/api/user/create_user/'].map((url) =>
    route({
      method: 'POST',
      url,
      description: 'Creates an account; the user receives an e-mail with a link to set their password.',
      access: allow('create', 'User'),
      body: createUserSchema,
      response: userDetailSchema,
      status: 201,
      handle: ({ actor, body }) => userAdmin.create(actor, body),
    }),
  ),
  route({
    method: 'POST',
    url: '/api/user/:id/resend_email/',
    description: 'operation 1: the verification link; operation 2 (default): the set-your-password link.',
    access: allow('update', 'User'),
    params: idParamSchema,
    body: resendEmailSchema,
    response: z.object({ detail: z.string() }),
    handle: ({ actor, params, body }) => userAdmin.resendEmail(actor, params.id, body.operation),
  }),
  ...contactRoutes('user-email', userEmailList, userEmailSchema, contacts.emails),
  ...contactRoutes('user-phone', userPhoneList, userPhoneSchema, contacts.phones),
]);

/** The list and detail of one kind of a user's contacts (e-mail addresses, phones). */
function contactRoutes(
  path: string,
  list: ListSpec,
  item: z.ZodType,
  resource: UserContactsService['emails'] | UserContactsService['phones'],
) {
  return [
    listRoute({
      url: `/api/${path}/`,
      access: allow('read', 'User'),
      list,
      item,
      load: ({ actor, query }) => resource.list(actor, query),
    }),
    route({
      method: 'GET',
      url: `/api/${path}/:id/`,
      access: allow('read', 'User'),
      params: idParamSchema,
      response: item,
      handle: ({ actor, params }) => resource.get(actor, params.id),
    }),
  ];
}
