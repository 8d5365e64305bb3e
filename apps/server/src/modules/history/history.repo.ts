import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { ParsedList } from '../../platform/list';
import { history, users } from '../../db/schema';

/** A page of history rows with their modifier joined in the same query. */
export async function listHistory(db: DbOrTx, list: ParsedList) {
  const [rows, [total]] = await Promise.all([
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
    db.select({ count: count() }).from(history).where(list.where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
