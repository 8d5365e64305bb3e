import { asc, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { institutions, projects } from '../../db/schema';

/** Institutions whose name, official name, EIN or an associated name matches, by name. */
export function matchingInstitutions(db: Db, pattern: string, limit: number) {
  return db
    .select({ id: institutions.id, name: institutions.name })
    .from(institutions)
    .where(
      or(
        ilike(institutions.name, pattern),
        ilike(institutions.officialName, pattern),
        ilike(institutions.ein, pattern),
        sql`array_to_string(${institutions.associatedNames}, ' ') ilike ${pattern}`,
      ),
    )
    .orderBy(asc(institutions.name))
    .limit(limit);
}

/** Projects whose title or public id matches, by title. */
export function matchingProjects(db: Db, pattern: string, limit: number) {
  return db
    .select({ id: projects.id, title: projects.title, publicId: projects.portalProjectId })
    .from(projects)
    .where(or(ilike(projects.title, pattern), ilike(projects.portalProjectId, pattern)))
    .orderBy(asc(projects.title))
    .limit(limit);
}
