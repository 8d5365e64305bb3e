import { permissionsFor, type Actor, type ReleaseNoteDto } from '@rrp/domain';
import type { ReleaseNoteRow } from './release-notes.repo';

export const presentReleaseNote = (actor: Actor, row: ReleaseNoteRow): ReleaseNoteDto => ({
  id: row.id,
  version: row.version,
  text: row.text,
  released: row.released,
  released_at: row.releasedAt?.toISOString() ?? null,
  created: row.created.toISOString(),
  modified: row.modified.toISOString(),
  permissions: permissionsFor(actor, 'ReleaseNote', row),
});
