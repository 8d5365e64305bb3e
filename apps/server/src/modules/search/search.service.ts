import { can, type Actor, type Subject } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { escapeLike } from '../../platform/list';
import * as repo from './search.repo';

interface SearchResult {
  id: number;
  display_name: string;
  /** The web route's object name: a result opens /{model}/{id}. */
  model: string;
}

/** One kind of object the global search looks through, shown only to roles that may read it. */
interface SearchSource {
  subject: Subject;
  find(db: Db, pattern: string, limit: number): Promise<SearchResult[]>;
}

const SOURCES: SearchSource[] = [
  {
    subject: 'Institution',
    async find(db, pattern, limit) {
      const rows = await repo.matchingInstitutions(db, pattern, limit);
      return rows.map((row) => ({ id: row.id, display_name: row.name, model: 'institution' }));
    },
  },
  {
    subject: 'Project',
    async find(db, pattern, limit) {
      const rows = await repo.matchingProjects(db, pattern, limit);
      return rows.map((row) => ({
        id: row.id,
        display_name: `${row.publicId} ${row.title}`,
        model: 'project',
      }));
    },
  },
];

/** The header's global search: matches across the objects the caller may read. */
export function createSearchService(deps: { db: Db }) {
  return {
    async search(actor: Actor, q: string, limit = 20): Promise<SearchResult[]> {
      const pattern = `%${escapeLike(q.trim())}%`;
      const visible = SOURCES.filter((source) => can(actor, 'read', source.subject));
      const found = await Promise.all(visible.map((source) => source.find(deps.db, pattern, limit)));
      return found.flat().slice(0, limit);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
