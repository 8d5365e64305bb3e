import { z } from 'zod';
import {
  createInstitutionSchema,
  idParamSchema,
  institutionDeletionSchema,
  institutionSchema,
  updateInstitutionSchema,
  staffUpdateUserInstitutionSchema,
  proposeInstitutionSchema,
  replaceOfficialSchema,
  verificationSchema,
  joinInstitutionSchema,
  userInstitutionSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { detailQuerySchema, listRoute, parseExpand } from '../../platform/list';
import { affiliationList, institutionList } from './institutions.lists';
import type { InstitutionsService } from './institutions.service';
import type { AffiliationsService } from './affiliations.service';
import type { OfficialsService } from './officials.service';

export const institutionsRoutes = routes<{ institutions: InstitutionsService }>(
  ['institutions'],
  ({ institutions }) => [
    listRoute({
      url: '/api/institution/',
      // Visitors too: the sign-up picker.
      access: allow('list', 'Institution'),
      list: institutionList,
      item: institutionSchema.partial(),
      load: async ({ actor, query }) => {
        const { list, count, results, full } = await institutions.list(actor, query);
        // Visitors and researchers get the picker's fields only.
        const shown = full
          ? results
          : results.map(({ id, name, display_name, status }) => ({ id, name, display_name, status }));
        return { list, count, results: shown };
      },
    }),
    route({
      method: 'POST',
      url: '/api/institution/',
      access: allow('create', 'Institution'),
      body: createInstitutionSchema,
      response: institutionSchema,
      status: 201,
      handle: ({ actor, body }) => institutions.create(actor, body),
    }),
    route({
      method: 'GET',
      url: '/api/institution/:id/',
      access: allow('read', 'Institution'),
      params: idParamSchema,
      response: institutionSchema,
      handle: ({ actor, params }) => institutions.get(actor, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/api/institution/:id/',
      access: allow('update', 'Institution'),
      params: idParamSchema,
      body: updateInstitutionSchema,
      response: institutionSchema,
      handle: ({ actor, params, body }) => institutions.update(actor, params.id, body),
    }),
    route({
      method: 'POST',
      url: '/api/institution/:id/deactivate/',
      access: allow('review', 'Institution'),
      params: idParamSchema,
      response: institutionSchema,
      handle: ({ actor, params }) => institutions.deactivate(actor, params.id),
    }),
    route({
      method: 'GET',
      url: '/api/institution/:id/deletion/',
      access: allow('delete', 'Institution'),
      params: idParamSchema,
      response: institutionDeletionSchema,
      handle: ({ actor, params }) => institutions.deletionPreview(actor, params.id),
    }),
    route({
      method: 'DELETE',
      url: '/api/institution/:id/',
      access: allow('delete', 'Institution'),
      params: idParamSchema,
      status: 204,
      handle: ({ actor, params }) => institutions.remove(actor, params.id),
    }),
    route({
      method: 'POST',
      url: '/api/institution/:id/rda/',
      access: allow('create', 'Rda'),
      params: idParamSchema,
      response: institutionSchema,
      status: 201,
      handle: ({ actor, params }) => institutions.addRda(actor, params.id),
    }),
  ],
);

const helperAnswer = z.object({ institution: z.number() });

export const officialsRoutes = routes<{ officials: OfficialsService }>(['institutions'], ({ officials }) => [
  route({
    method: 'POST',
    url: '/api/institution-helper/',
    summary: 'Propose or create an institution with its signing official',
    description:
      'A researcher proposes their institution (institution_data {name, official_name}); an administrator creates one in the status sent (institution_data.status, 1–6; default 3). Either way io_data names the signing official, who is invited by e-mail.',
    access: allow('create', 'InstitutionProposal'),
    body: proposeInstitutionSchema,
    response: helperAnswer,
    status: 201,
    handle: ({ actor, body }) => officials.propose(actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/api/institution-helper/',
    summary: 'Name a new signing official, or update an institution',
    description:
      'A researcher names a new official for their institution (institution, io_data). An administrator sends institution (id) with institution_data (the fields of PATCH institution/{id}/; a status is a review decision) and/or io_data (a new official, invited by e-mail).',
    access: allow('update', 'InstitutionProposal'),
    body: replaceOfficialSchema,
    response: helperAnswer,
    handle: ({ actor, body }) => officials.replaceOfficial(actor, body),
  }),
]);

export const affiliationsRoutes = routes<{ affiliations: AffiliationsService }>(
  ['institutions'],
  ({ affiliations }) => [
    listRoute({
      url: '/api/user-institution/',
      access: allow('list', 'UserInstitution'),
      list: affiliationList,
      item: userInstitutionSchema,
      load: ({ actor, query }) => affiliations.list(actor, query),
    }),
    route({
      method: 'GET',
      url: '/api/user-institution/:id/',
      access: allow('read', 'UserInstitution'),
      params: idParamSchema,
      query: detailQuerySchema,
      response: userInstitutionSchema,
      handle: ({ actor, params, query }) =>
        affiliations.get(actor, params.id, parseExpand(affiliationList, query.expand).has('user')),
    }),
    route({
      method: 'POST',
      url: '/api/institution/:id/verification/',
      access: allow('update', 'Institution'),
      params: idParamSchema,
      body: verificationSchema,
      response: z.object({ detail: z.string(), verified: z.number(), removed: z.number() }),
      handle: ({ actor, params, body }) => affiliations.verify(actor, params.id, body),
    }),
    route({
      method: 'POST',
      url: '/api/user-institution/',
      access: allow('create', 'UserInstitution'),
      body: joinInstitutionSchema,
      response: userInstitutionSchema,
      status: 201,
      handle: ({ actor, body }) => affiliations.join(actor, body.institution, body.user, body.primary),
    }),
    route({
      method: 'PATCH',
      url: '/api/user-institution/:id/',
      description:
        'The affiliated researcher agrees to the joinder (`joinder_date`, stamped by the server); staff may set `primary`, `verified`, `joinder_date` (null clears it) and `removal_reason`.',
      access: allow('update', 'UserInstitution'),
      params: idParamSchema,
      body: staffUpdateUserInstitutionSchema,
      response: userInstitutionSchema,
      handle: ({ actor, params, body }) => affiliations.update(actor, params.id, body),
    }),
  ],
);
