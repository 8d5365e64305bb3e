import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { countMatching, type ParsedList } from '../../platform/list';
import { emailLogs, history, users } from '../../db/schema';

/**
 * Which objects a composed e-mail was about (model and ids) lives in the e-mail's audit row
 * (history model `email_log`, version 1), written in the transaction that queued it.
 */
export const EMAIL_HISTORY_MODEL = 'email_log';

const audit = sql`(select h.data from ${history} h
  where h.model = ${EMAIL_HISTORY_MODEL} and h.object_id = ${emailLogs.id}::text and h.version = 1)`;

/** The audit row of this e-mail says it was about one of these objects of this model. */
export function aboutObjects(
  modelName: string | undefined,
  objectIds: number[] | undefined,
): SQL | undefined {
  if (modelName === undefined && objectIds === undefined) return undefined;
  const conditions: SQL[] = [sql`h.model = ${EMAIL_HISTORY_MODEL}`, sql`h.object_id = ${emailLogs.id}::text`];
  if (modelName !== undefined) conditions.push(sql`h.data ->> 'model_name' = ${modelName}`);
  if (objectIds !== undefined) {
    conditions.push(
      objectIds.length === 0
        ? sql`false`
        : sql`exists (select 1 from jsonb_array_elements(h.data -> 'object_ids') as ids(value)
            where (ids.value)::int in (${sql.join(
              objectIds.map((id) => sql`${id}`),
              sql`, `,
            )}))`,
    );
  }
  return sql`exists (select 1 from ${history} h where ${sql.join(conditions, sql` and `)})`;
}

const creator = { id: users.id, firstName: users.firstName, lastName: users.lastName };

export async function listEmailLogs(db: DbOrTx, list: ParsedList, about: SQL | undefined) {
  const where = and(list.where, about);
  const [rows, total] = await Promise.all([
    db
      .select({
        log: emailLogs,
        creator,
        audit: sql<{ model_name?: string | null; object_ids?: number[] } | null>`${audit}`,
      })
      .from(emailLogs)
      .leftJoin(users, eq(users.id, emailLogs.createdById))
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, emailLogs, where),
  ]);
  return { rows, count: total };
}

export type EmailLogRow = Awaited<ReturnType<typeof listEmailLogs>>['rows'][number];

export async function findEmailLog(db: DbOrTx, id: number): Promise<EmailLogRow | null> {
  const [row] = await db
    .select({
      log: emailLogs,
      creator,
      audit: sql<{ model_name?: string | null; object_ids?: number[] } | null>`${audit}`,
    })
    .from(emailLogs)
    .leftJoin(users, eq(users.id, emailLogs.createdById))
    .where(eq(emailLogs.id, id));
  return row ?? null;
}

/** A user's name and address (who sent feedback). */
export async function userById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Active accounts by e-mail (case-insensitive): which recipients are portal users. */
export async function usersByEmail(db: DbOrTx, addresses: string[]) {
  if (!addresses.length) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        sql`lower(${users.email}) in (${sql.join(
          addresses.map((address) => sql`${address.toLowerCase()}`),
          sql`, `,
        )})`,
      ),
    );
}

/**
 * The newest e-mail with this template about the object `objectId` (an SQL expression of the
 * outer query, e.g. an institution's id) as JSON, for lists that show the last e-mail per row.
 */
export function lastEmailJson(template: string, modelName: string, objectId: SQL): SQL {
  return sql`(select json_build_object('id', el.id, 'subject', el.subject, 'to', el.to_addresses,
      'created', el.created, 'status', el.status)
    from ${history} h join ${emailLogs} el on el.id = (h.object_id)::int
    where h.model = ${EMAIL_HISTORY_MODEL}
      and h.data ->> 'template' = ${template}
      and h.data ->> 'model_name' = ${modelName}
      and h.data -> 'object_ids' @> jsonb_build_array(${objectId})
    order by el.created desc, el.id desc
    limit 1)`;
}
