import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInstitutionSchema,
  idParamSchema,
  institutionDeletionSchema,
  institutionSchema,
  pageSchema,
  updateInstitutionSchema,
  staffUpdateUserInstitutionSchema,
  updateUserInstitutionSchema,
  proposeInstitutionSchema,
  replaceOfficialSchema,
  verificationSchema,
  joinInstitutionSchema,
  userInstitutionSchema,
} from '@rrp/domain';
import { detailQuerySchema, listQuerySchema, parseExpand, toPage } from '../../platform/list';
import { affiliationList, institutionList } from './institutions.lists';
import type { InstitutionsService } from './institutions.service';
import type { AffiliationsService } from './affiliations.service';
import type { OfficialsService } from './officials.service';
import { z } from 'zod';
import { parseOrThrow } from '../../platform/http/validate';

export const institutionsRoutes: FastifyPluginAsyncZod<{ institutions: InstitutionsService }> = async (
  app,
  { institutions },
) => {
  const tags = ['institutions'];

  app.get(
    '/api/institution/',
    {
      config: { access: { action: 'list', subject: 'Institution' } },
      schema: {
        tags,
        querystring: listQuerySchema(institutionList),
        response: { 200: pageSchema(institutionSchema.partial()) },
      },
    },
    async (request) => {
      const { list, count, results, full } = await institutions.list(request.actor, request.query);
      // Visitors and researchers get the picker's fields only.
      const shown = full
        ? results
        : results.map(({ id, name, display_name, status }) => ({ id, name, display_name, status }));
      return toPage(request, list, count, shown);
    },
  );

  app.post(
    '/api/institution/',
    {
      config: { access: { action: 'create', subject: 'Institution' } },
      schema: { tags, body: createInstitutionSchema, response: { 201: institutionSchema } },
    },
    async (request, reply) => reply.status(201).send(await institutions.create(request.actor!, request.body)),
  );

  app.get(
    '/api/institution/:id/',
    {
      config: { access: { action: 'read', subject: 'Institution' } },
      schema: { tags, params: idParamSchema, response: { 200: institutionSchema } },
    },
    (request) => institutions.get(request.actor!, request.params.id),
  );

  app.patch(
    '/api/institution/:id/',
    {
      config: { access: { action: 'update', subject: 'Institution' } },
      schema: {
        tags,
        params: idParamSchema,
        body: updateInstitutionSchema,
        response: { 200: institutionSchema },
      },
    },
    (request) => institutions.update(request.actor!, request.params.id, request.body),
  );

  app.post(
    '/api/institution/:id/deactivate/',
    {
      config: { access: { action: 'review', subject: 'Institution' } },
      schema: { tags, params: idParamSchema, response: { 200: institutionSchema } },
    },
    (request) => institutions.deactivate(request.actor!, request.params.id),
  );

  app.get(
    '/api/institution/:id/deletion/',
    {
      config: { access: { action: 'delete', subject: 'Institution' } },
      schema: { tags, params: idParamSchema, response: { 200: institutionDeletionSchema } },
    },
    (request) => institutions.deletionPreview(request.actor!, request.params.id),
  );

  app.delete(
    '/api/institution/:id/',
    {
      config: { access: { action: 'delete', subject: 'Institution' } },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      await institutions.remove(request.actor!, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/institution/:id/rda/',
    {
      config: { access: { action: 'create', subject: 'Rda' } },
      schema: { tags, params: idParamSchema, response: { 201: institutionSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await institutions.addRda(request.actor!, request.params.id)),
  );
};

export const officialsRoutes: FastifyPluginAsyncZod<{ officials: OfficialsService }> = async (
  app,
  { officials },
) => {
  const tags = ['institutions'];
  const answer = z.object({ institution: z.number() });
  app.post(
    '/api/institution-helper/',
    {
      config: { access: { action: 'create', subject: 'InstitutionProposal' } },
      schema: {
        tags,
        summary: 'Propose or create an institution with its signing official',
        description:
          'A researcher proposes their institution (institution_data {name, official_name}); an administrator creates one in the status sent (institution_data.status, 1–6; default 3). Either way io_data names the signing official, who is invited by e-mail.',
        body: proposeInstitutionSchema,
        response: { 201: answer },
      },
    },
    async (request, reply) => reply.status(201).send(await officials.propose(request.actor!, request.body)),
  );
  app.patch(
    '/api/institution-helper/',
    {
      config: { access: { action: 'update', subject: 'InstitutionProposal' } },
      schema: {
        tags,
        summary: 'Name a new signing official, or update an institution',
        description:
          'A researcher names a new official for their institution (institution, io_data). An administrator sends institution (id) with institution_data (the fields of PATCH institution/{id}/; a status is a review decision) and/or io_data (a new official, invited by e-mail).',
        body: replaceOfficialSchema,
        response: { 200: answer },
      },
    },
    (request) => officials.replaceOfficial(request.actor!, request.body),
  );
};

export const affiliationsRoutes: FastifyPluginAsyncZod<{ affiliations: AffiliationsService }> = async (
  app,
  { affiliations },
) => {
  const tags = ['institutions'];
  app.get(
    '/api/user-institution/',
    {
      config: { access: { action: 'list', subject: 'UserInstitution' } },
      schema: {
        tags,
        querystring: listQuerySchema(affiliationList),
        response: { 200: pageSchema(userInstitutionSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await affiliations.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/user-institution/:id/',
    {
      config: { access: { action: 'read', subject: 'UserInstitution' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: detailQuerySchema,
        response: { 200: userInstitutionSchema },
      },
    },
    (request) =>
      affiliations.get(
        request.actor!,
        request.params.id,
        parseExpand(affiliationList, request.query.expand).has('user'),
      ),
  );

  app.post(
    '/api/institution/:id/verification/',
    {
      config: { access: { action: 'update', subject: 'Institution' } },
      schema: {
        tags,
        params: idParamSchema,
        body: verificationSchema,
        response: { 200: z.object({ detail: z.string(), verified: z.number(), removed: z.number() }) },
      },
    },
    (request) => affiliations.verify(request.actor!, request.params.id, request.body),
  );

  app.post(
    '/api/user-institution/',
    {
      config: { access: { action: 'create', subject: 'UserInstitution' } },
      schema: { tags, body: joinInstitutionSchema, response: { 201: userInstitutionSchema } },
    },
    async (request, reply) => {
      const { institution, user, primary } = request.body;
      return reply.status(201).send(await affiliations.join(request.actor!, institution, user, primary));
    },
  );

  app.patch(
    '/api/user-institution/:id/',
    {
      config: { access: { action: 'update', subject: 'UserInstitution' } },
      schema: {
        tags,
        description:
          'The affiliated researcher agrees to the joinder (`joinder_date`, stamped by the server); staff may set `primary`, `verified`, `joinder_date` (null clears it) and `removal_reason`.',
        params: idParamSchema,
        body: staffUpdateUserInstitutionSchema,
        response: { 200: userInstitutionSchema },
      },
    },
    (request) => {
      const actor = request.actor!;
      if (affiliations.isStaff(actor))
        return affiliations.staffUpdate(actor, request.params.id, request.body);
      // Anyone else only agrees to their joinder.
      parseOrThrow(updateUserInstitutionSchema, request.body);
      return affiliations.agreeToJoinder(actor, request.params.id);
    },
  );
};
