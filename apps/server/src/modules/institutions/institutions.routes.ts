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
import { objectRoutes } from '../../platform/list';
import { affiliationList, institutionList } from './institutions.lists';
import type { InstitutionsService } from './institutions.service';
import type { AffiliationsService } from './affiliations.service';
import type { OfficialsService } from './officials.service';

const institution = objectRoutes('/api/institution/', 'Institution', institutionSchema, undefined, {
  table: 'institutions',
  history: 'institution',
});
const affiliation = objectRoutes(
  '/api/user-institution/',
  'UserInstitution',
  userInstitutionSchema,
  affiliationList,
  { table: 'user_institutions', history: 'user-institution' },
);

export const institutionsRoutes = routes<{ institutions: InstitutionsService }>(
  ['institutions'],
  ({ institutions }) => [
    // Visitors too: the sign-up picker.
    institution.list({
      list: institutionList,
      item: institutionSchema.partial(),
      // Visitors and researchers get the picker's fields only.
      load: ({ actor, query }) => institutions.list(actor, query),
    }),
    institution.create({
      body: createInstitutionSchema,
      handle: ({ actor, body }) => institutions.create(actor, body),
    }),
    institution.read(({ actor, params }) => institutions.get(actor, params.id)),
    institution.update({
      body: updateInstitutionSchema,
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
    institution.remove(({ actor, params }) => institutions.remove(actor, params.id)),
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
    affiliation.list({ list: affiliationList, load: ({ actor, query }) => affiliations.list(actor, query) }),
    affiliation.read(({ actor, params, expand }) => affiliations.get(actor, params.id, expand.has('user'))),
    route({
      method: 'POST',
      url: '/api/institution/:id/verification/',
      access: allow('update', 'Institution'),
      params: idParamSchema,
      body: verificationSchema,
      response: z.object({ detail: z.string(), verified: z.number(), removed: z.number() }),
      handle: ({ actor, params, body }) => affiliations.verify(actor, params.id, body),
    }),
    affiliation.create({
      expand: false,
      body: joinInstitutionSchema,
      handle: ({ actor, body }) => affiliations.join(actor, body.institution, body.user, body.primary),
    }),
    affiliation.update({
      description:
        'The affiliated researcher agrees to the joinder (`joinder_date`, stamped by the server); staff may set `primary`, `verified`, `joinder_date` (null clears it) and `removal_reason`.',
      expand: false,
      body: staffUpdateUserInstitutionSchema,
      handle: ({ actor, params, body }) => affiliations.update(actor, params.id, body),
    }),
  ],
);
