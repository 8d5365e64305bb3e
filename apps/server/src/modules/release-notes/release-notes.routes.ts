import {
  createReleaseNoteSchema,
  idParamSchema,
  releaseNoteSchema,
  updateReleaseNoteSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listRoute } from '../../platform/list';
import { releaseNoteList } from './release-notes.lists';
import type { ReleaseNotesService } from './release-notes.service';

/** Release notes (staff §2.14, §4.8, §7 "GET, POST, PATCH, DELETE release_note"). */
export const releaseNotesRoutes = routes<{ releaseNotes: ReleaseNotesService }>(
  ['release-notes'],
  ({ releaseNotes }) => [
    listRoute({
      url: '/api/release_note/',
      access: allow('list', 'ReleaseNote'),
      list: releaseNoteList,
      item: releaseNoteSchema,
      load: ({ actor, query }) => releaseNotes.list(actor, query),
    }),
    route({
      method: 'GET',
      url: '/api/release_note/:id/',
      access: allow('read', 'ReleaseNote'),
      params: idParamSchema,
      response: releaseNoteSchema,
      handle: ({ actor, params }) => releaseNotes.get(actor, params.id),
    }),
    route({
      method: 'POST',
      url: '/api/release_note/',
      access: allow('create', 'ReleaseNote'),
      body: createReleaseNoteSchema,
      response: releaseNoteSchema,
      status: 201,
      handle: ({ actor, body }) => releaseNotes.create(actor, body),
    }),
    route({
      method: 'PATCH',
      url: '/api/release_note/:id/',
      access: allow('update', 'ReleaseNote'),
      params: idParamSchema,
      body: updateReleaseNoteSchema,
      response: releaseNoteSchema,
      handle: ({ actor, params, body }) => releaseNotes.update(actor, params.id, body),
    }),
    route({
      method: 'DELETE',
      url: '/api/release_note/:id/',
      access: allow('delete', 'ReleaseNote'),
      params: idParamSchema,
      status: 204,
      handle: ({ actor, params }) => releaseNotes.remove(actor, params.id),
    }),
  ],
);
