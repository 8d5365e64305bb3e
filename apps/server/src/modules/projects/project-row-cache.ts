import { keptRows } from '../../platform/db/kept-rows';
import type { ProjectRowJson } from './projects-read.repo';

/**
 * The project rows this process has had PostgreSQL write (decision 443), kept until a trigger of
 * migrations 0035 and 0037 names them: `p:<project>` for a write to the project, its requests'
 * statuses, its team, its history or its requests' reviewers; `*` for a name, institution or file
 * any row may show. The request rows' `r:<request>` names no project and is not this model's.
 */
export const projectRowCache = keptRows<ProjectRowJson>({
  objectPrefix: 'p',
  maxRows: 5_000,
  maxCharacters: 4_000_000,
  characters: (row) => row.head.length + row.tail.length,
});
