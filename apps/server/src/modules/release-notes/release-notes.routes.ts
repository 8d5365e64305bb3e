import { createReleaseNoteSchema, releaseNoteSchema, updateReleaseNoteSchema } from '@rrp/domain';
import { routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { releaseNoteList } from './release-notes.lists';
import type { ReleaseNotesService } from './release-notes.service';

const note = objectRoutes('/api/release_note/', 'ReleaseNote', releaseNoteSchema, undefined, {
  table: 'release_notes',
});

/** Release notes (staff §2.14, §4.8, §7 "GET, POST, PATCH, DELETE release_note"). */
export const releaseNotesRoutes = routes<{ releaseNotes: ReleaseNotesService }>(
  ['release-notes'],
  ({ releaseNotes }) => [
    note.list({ list: releaseNoteList, load: ({ actor, query }) => releaseNotes.list(actor, query) }),
    note.read(({ actor, params }) => releaseNotes.get(actor, params.id)),
    note.create({
      body: createReleaseNoteSchema,
      handle: ({ actor, body }) => releaseNotes.create(actor, body),
    }),
    note.update({
      body: updateReleaseNoteSchema,
      handle: ({ actor, params, body }) => releaseNotes.update(actor, params.id, body),
    }),
    note.remove(({ actor, params }) => releaseNotes.remove(actor, params.id)),
  ],
);
