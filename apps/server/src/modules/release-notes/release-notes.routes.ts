import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReleaseNoteSchema,
  idParamSchema,
  pageSchema,
  releaseNoteSchema,
  updateReleaseNoteSchema,
} from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { releaseNoteList } from './release-notes.lists';
import type { ReleaseNotesService } from './release-notes.service';

/** Release notes (staff §2.14, §4.8, §7 "GET, POST, PATCH, DELETE release_note"). */
export const releaseNotesRoutes: FastifyPluginAsyncZod<{ releaseNotes: ReleaseNotesService }> = async (
  app,
  { releaseNotes },
) => {
  const tags = ['release-notes'];

  app.get(
    '/api/release_note/',
    {
      config: { access: { action: 'list', subject: 'ReleaseNote' } },
      schema: {
        tags,
        querystring: listQuerySchema(releaseNoteList),
        response: { 200: pageSchema(releaseNoteSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await releaseNotes.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/release_note/:id/',
    {
      config: { access: { action: 'read', subject: 'ReleaseNote' } },
      schema: { tags, params: idParamSchema, response: { 200: releaseNoteSchema } },
    },
    (request) => releaseNotes.get(request.actor!, request.params.id),
  );

  app.post(
    '/api/release_note/',
    {
      config: { access: { action: 'create', subject: 'ReleaseNote' } },
      schema: { tags, body: createReleaseNoteSchema, response: { 201: releaseNoteSchema } },
    },
    async (request, reply) => reply.status(201).send(await releaseNotes.create(request.actor!, request.body)),
  );

  app.patch(
    '/api/release_note/:id/',
    {
      config: { access: { action: 'update', subject: 'ReleaseNote' } },
      schema: {
        tags,
        params: idParamSchema,
        body: updateReleaseNoteSchema,
        response: { 200: releaseNoteSchema },
      },
    },
    (request) => releaseNotes.update(request.actor!, request.params.id, request.body),
  );

  app.delete(
    '/api/release_note/:id/',
    {
      config: { access: { action: 'delete', subject: 'ReleaseNote' } },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      await releaseNotes.remove(request.actor!, request.params.id);
      return reply.status(204).send();
    },
  );
};
