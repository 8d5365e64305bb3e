import type { ListSpec } from '../../platform/list';
import { releaseNotes } from '../../db/schema';

/** GET release_note/: the release selector, newest first (staff §2.14, §7). */
export const releaseNoteList: ListSpec = {
  id: releaseNotes.id,
  filters: {
    released: { type: 'bool', column: releaseNotes.released },
    version: { type: 'text', column: releaseNotes.version, lookups: ['exact', 'in'] },
  },
  ordering: { created: releaseNotes.created, id: releaseNotes.id, version: releaseNotes.version },
  defaultOrdering: ['-created', '-id'],
  search: [releaseNotes.version],
};
