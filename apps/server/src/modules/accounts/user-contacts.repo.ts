import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { selectOne, selectPage, type ParsedList } from '../../platform/list';
import { userEmails, userPhones } from '../../db/schema';
import { userEmailList, userPhoneList } from './user-contacts.lists';

export type UserPhoneRow = typeof userPhones.$inferSelect;

/** The kinds of contact rows, each a table of rows that belong to one user. */
const CONTACTS = {
  emails: { table: userEmails, spec: userEmailList },
  phones: { table: userPhones, spec: userPhoneList },
} as const;
export type ContactKind = keyof typeof CONTACTS;

/** One page of a kind of contact rows; of one user's only when `userId` is given. */
export async function contactPage<K extends ContactKind>(
  db: DbOrTx,
  kind: K,
  list: ParsedList,
  userId: number | null,
) {
  const { table } = CONTACTS[kind];
  const where = userId === null ? list.where : and(list.where, eq(table.userId, userId));
  return selectPage(db, table, { ...list, where });
}

export const findContact = (db: DbOrTx, kind: ContactKind, id: number) =>
  selectOne(db, CONTACTS[kind].table, CONTACTS[kind].spec, id);
