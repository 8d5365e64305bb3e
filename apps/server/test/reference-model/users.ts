import { can, type Actor } from '@rrp/domain';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/database';
import { parseListQuery, selectPageIds } from '../../src/platform/list';
import { userList } from '../../src/modules/accounts/user-list.lists';
import { affiliatedWithInstitutionsOf } from '../../src/modules/accounts/user-list.repo';
import { usersByIds } from '../../src/modules/accounts/user-list.service';

/*
 * The ORACLE of the user list's golden tests (issue 32): how GET user/ answered before PostgreSQL
 * wrote its JSON. Moved here unchanged from user-list.service.ts; `usersByIds` stays there, as
 * the CSV file's batches still read through it.
 */

function visibleTo(actor: Actor): SQL | undefined {
  return can(actor, 'read', 'User') ? undefined : affiliatedWithInstitutionsOf(actor.userId);
}

/** GET user/ as the previous service answered it (before the route's envelope). */
export async function referenceUserList(db: DbOrTx, actor: Actor, query: Record<string, string | undefined>) {
  const list = parseListQuery(userList, query);
  const page = await selectPageIds(db, userList, list, visibleTo(actor));
  return { list, count: page.count, results: await usersByIds(db, page.ids) };
}
