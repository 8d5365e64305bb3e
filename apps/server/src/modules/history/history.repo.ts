import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { countMatching, type ParsedList } from '../../platform/list';
import {
  cohorts,
  datasets,
  files,
  history,
  institutions,
  projects,
  requests,
  sampleTypes,
  users,
} from '../../db/schema';
import type { RefKind, RefName } from '../../platform/history-format';

/** A page of history rows with their modifier joined in the same query. */
export async function listHistory(db: DbOrTx, list: ParsedList) {
  const [rows, total] = await Promise.all([
    db
      .select({
        entry: history,
        modifier: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(history)
      .leftJoin(users, eq(users.id, history.modifierId))
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, history, list.where),
  ]);
  return { rows, count: total };
}

/** The versions just before the given ones (same object, version - 1), for what each changed. */
export async function previousVersions(
  db: DbOrTx,
  entries: readonly { model: string; objectId: string; version: number }[],
) {
  const wanted = entries.filter((entry) => entry.version > 1);
  if (wanted.length === 0) return [];
  return db
    .select({
      model: history.model,
      objectId: history.objectId,
      version: history.version,
      data: history.data,
    })
    .from(history)
    .where(
      or(
        ...wanted.map((entry) =>
          and(
            eq(history.model, entry.model),
            eq(history.objectId, entry.objectId),
            eq(history.version, entry.version - 1),
          ),
        ),
      ),
    );
}

type Named = { id: number; name: string; href: string | null; code?: string | null };

/** The objects of one kind by id, named as their pages name them. */
function loadNames(db: DbOrTx, kind: RefKind, ids: number[]): Promise<Named[]> {
  switch (kind) {
    case 'user':
      // No user page yet: people are named without a link.
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
        .then((rows) =>
          rows.map((row) => ({
            id: row.id,
            name: `${row.firstName} ${row.lastName}`.trim() || row.email,
            href: null,
          })),
        );
    case 'project':
      return db
        .select({ id: projects.id, name: projects.title })
        .from(projects)
        .where(inArray(projects.id, ids))
        .then((rows) => rows.map((row) => ({ ...row, href: `/project/${row.id}` })));
    case 'institution':
      return db
        .select({ id: institutions.id, name: institutions.name })
        .from(institutions)
        .where(inArray(institutions.id, ids))
        .then((rows) => rows.map((row) => ({ ...row, href: `/institution/${row.id}` })));
    case 'dataset':
      return db
        .select({ id: datasets.id, name: datasets.name, version: datasets.version })
        .from(datasets)
        .where(inArray(datasets.id, ids))
        .then((rows) =>
          rows.map((row) => ({
            id: row.id,
            name: `${row.name} (v${row.version})`,
            href: `/dataset/${row.id}`,
          })),
        );
    case 'sampletype':
      return db
        .select({ id: sampleTypes.id, name: sampleTypes.name, code: sampleTypes.type })
        .from(sampleTypes)
        .where(inArray(sampleTypes.id, ids))
        .then((rows) => rows.map((row) => ({ ...row, href: null })));
    case 'cohort':
      return db
        .select({ id: cohorts.id, name: cohorts.name })
        .from(cohorts)
        .where(inArray(cohorts.id, ids))
        .then((rows) => rows.map((row) => ({ ...row, href: null })));
    case 'request':
      return db
        .select({ id: requests.id, name: requests.portalRequestId })
        .from(requests)
        .where(inArray(requests.id, ids))
        .then((rows) => rows.map((row) => ({ ...row, href: `/request/${row.id}` })));
    case 'file':
      return db
        .select({ id: files.id, name: files.name })
        .from(files)
        .where(inArray(files.id, ids))
        .then((rows) => rows.map((row) => ({ ...row, href: null })));
  }
}

/** Names of the related objects a page of history refers to: one query per kind. */
export async function namesOf(db: DbOrTx, wanted: Map<RefKind, Set<number>>) {
  const found = new Map<string, RefName>();
  await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      for (const row of await loadNames(db, kind, [...ids]))
        found.set(`${kind}:${row.id}`, { name: row.name, href: row.href, code: row.code ?? null });
    }),
  );
  return found;
}
