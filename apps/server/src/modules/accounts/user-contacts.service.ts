import { and, eq, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { can, type Actor } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { NotFoundError } from '../../platform/http/errors';
import { parseListQuery, selectOne, selectPage, type ListSpec } from '../../platform/list';
import { userEmails, userPhones } from '../../db/schema';
import { mayReadUser } from './profile.service';

/** A list of rows that belong to one user each, filtered by `user` (foundation §7 `?user=`). */
function contactListSpec(id: AnyColumn, userId: AnyColumn): ListSpec {
  return {
    id,
    filters: {
      id: { type: 'int', column: id, lookups: ['exact', 'in'] },
      user: { type: 'int', column: userId, lookups: ['exact', 'in'] },
    },
    ordering: { id },
    defaultOrdering: ['id'],
  };
}

/** GET user-email/?user= (foundation §7): a user's further e-mail addresses. */
export const userEmailList = contactListSpec(userEmails.id, userEmails.userId);
/** GET user-phone/?user= (foundation §7, staff §7): a user's phone numbers. */
export const userPhoneList = contactListSpec(userPhones.id, userPhones.userId);

/**
 * The list and single-object GET of one kind of contact row. Staff who read every user see all
 * rows; anyone else the rows of users they may read: their own, or with `?user=` a researcher of
 * the institution they sign for. A row of a user the caller may not read is a 404.
 */
function contactResource<T extends PgTable, Row extends { userId: number }, Dto>(
  db: Db,
  table: T,
  spec: ListSpec,
  userColumn: AnyColumn,
  present: (row: Row) => Dto,
) {
  async function visibleUser(
    actor: Actor,
    query: Record<string, string | undefined>,
  ): Promise<number | null> {
    if (can(actor, 'read', 'User')) return null;
    const asked = Number(query.user);
    return Number.isInteger(asked) && asked !== actor.userId && (await mayReadUser(db, actor, asked))
      ? asked
      : actor.userId;
  }
  return {
    async list(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(spec, query);
      const userId = await visibleUser(actor, query);
      const where = userId === null ? list.where : and(list.where, eq(userColumn, userId));
      const page = await selectPage(db, table, { ...list, where });
      return { list, count: page.count, results: (page.rows as unknown as Row[]).map(present) };
    },
    async get(actor: Actor, id: number): Promise<Dto> {
      const row = (await selectOne(db, table, spec, id)) as unknown as Row | null;
      if (!row || !(await mayReadUser(db, actor, row.userId))) throw new NotFoundError();
      return present(row);
    },
  };
}

export function createUserContactsService(deps: { db: Db }) {
  return {
    emails: contactResource(
      deps.db,
      userEmails,
      userEmailList,
      userEmails.userId,
      (row: typeof userEmails.$inferSelect) => ({
        id: row.id,
        user: row.userId,
        email: row.email,
        primary: row.primary,
        verified: row.verifiedAt !== null,
      }),
    ),
    phones: contactResource(
      deps.db,
      userPhones,
      userPhoneList,
      userPhones.userId,
      (row: typeof userPhones.$inferSelect) => ({
        id: row.id,
        user: row.userId,
        phone_number: row.phoneNumber,
        primary: row.primary,
      }),
    ),
  };
}

export type UserContactsService = ReturnType<typeof createUserContactsService>;
