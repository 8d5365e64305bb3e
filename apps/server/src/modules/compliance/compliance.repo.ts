import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { countRows, type ParsedList } from '../../platform/list';
import { institutions, users } from '../../db/schema';
import { requestCount } from './compliance.lists';
import { compliance } from './compliance.sql';

/** The institution a compliance row is about, as the e-mail log's object id. */
export const complianceObjectId = sql`${compliance.id}`;

export interface LastEmailJson {
  id: number;
  subject: string;
  to: string[];
  created: string;
  status: string;
}

/** A page of institutions' compliance, each with its official, fulfilled requests and last e-mail. */
export async function listCompliance(db: DbOrTx, list: ParsedList, lastEmail: SQL) {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: compliance.id,
        name: compliance.name,
        adminAcknowledge: compliance.adminAcknowledge,
        lastReview: sql<string | null>`to_char(${compliance.lastReview}, 'YYYY-MM-DD')`,
        anniversary: sql<string>`to_char(${compliance.anniversary}, 'YYYY-MM-DD')`,
        status: compliance.status,
        io: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        requestCount,
        lastEmail: sql<LastEmailJson | null>`${lastEmail}`,
      })
      .from(compliance)
      .leftJoin(users, eq(users.id, compliance.currentIoId))
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    // The search reads the official's name, so the count joins them as the page does.
    countRows(db, () =>
      db
        .select({ one: sql<number>`1`.as('one') })
        .from(compliance)
        .leftJoin(users, eq(users.id, compliance.currentIoId))
        .where(list.where)
        .$dynamic(),
    ),
  ]);
  return { rows, count: total };
}

export type ComplianceRow = Awaited<ReturnType<typeof listCompliance>>['rows'][number];

/** How many institutions are in each compliance status (those matching `where`). */
export async function countByStatus(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ status: compliance.status, count: count() })
    .from(compliance)
    .leftJoin(users, eq(users.id, compliance.currentIoId))
    .where(where)
    .groupBy(sql`${compliance.status}`);
}

/** The approved institutions among these ids, with their signing official and compliance state. */
export async function institutionsForEmail(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: compliance.id,
      name: compliance.name,
      anniversary: sql<string>`to_char(${compliance.anniversary}, 'YYYY-MM-DD')`,
      status: compliance.status,
      io: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(compliance)
    .leftJoin(users, eq(users.id, compliance.currentIoId))
    .where(
      and(
        sql`${compliance.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
}

/** Of these ids, those of institutions that exist. */
export async function existingInstitutionIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(inArray(institutions.id, ids));
  return rows.map((row) => row.id);
}
