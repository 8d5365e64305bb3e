import { can, type Actor } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { NotFoundError } from '../../platform/http/errors';
import { parseListQuery } from '../../platform/list';
import { userEmailList, userPhoneList } from './user-contacts.lists';
import { contactPage, findContact, type ContactKind, type UserPhoneRow } from './user-contacts.repo';
import type { UserEmailRow } from './accounts.repo';
import { mayReadUser } from './profile.service';

/**
 * The list and single-object GET of one kind of contact row. Staff who read every user see all
 * rows; anyone else the rows of users they may read: their own, or with `?user=` a researcher of
 * the institution they sign for. A row of a user the caller may not read is a 404.
 */
function contactResource<Row extends { userId: number }, Dto>(
  db: Db,
  kind: ContactKind,
  present: (row: Row) => Dto,
) {
  const spec = kind === 'emails' ? userEmailList : userPhoneList;
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
      const page = await contactPage(db, kind, list, userId);
      return { list, count: page.count, results: (page.rows as unknown as Row[]).map(present) };
    },
    async get(actor: Actor, id: number): Promise<Dto> {
      const row = (await findContact(db, kind, id)) as unknown as Row | null;
      if (!row || !(await mayReadUser(db, actor, row.userId))) throw new NotFoundError();
      return present(row);
    },
  };
}

export function createUserContactsService(deps: { db: Db }) {
  return {
    emails: contactResource(deps.db, 'emails', (row: UserEmailRow) => ({
      id: row.id,
      user: row.userId,
      email: row.email,
      primary: row.primary,
      verified: row.verifiedAt !== null,
    })),
    phones: contactResource(deps.db, 'phones', (row: UserPhoneRow) => ({
      id: row.id,
      user: row.userId,
      phone_number: row.phoneNumber,
      primary: row.primary,
    })),
  };
}

export type UserContactsService = ReturnType<typeof createUserContactsService>;
