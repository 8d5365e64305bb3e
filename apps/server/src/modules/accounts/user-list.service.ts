import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  can,
  csvDate,
  institutionOrActivePeriod,
  ROLE_LABELS,
  isRoleKey,
  type Actor,
  type UserListItemDto,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { inPageOrder, parseListQuery, selectPageIds, type ParsedList } from '../../platform/list';
import { userList } from './user-list.lists';
import * as repo from './user-list.repo';
import { userPageJson } from './user-list-read.repo';

/**
 * Who the caller may list: everyone for staff who read any user; for a signing official, the
 * users affiliated with the institutions they sign for (foundation §2 sbso "Users").
 */
function visibleTo(actor: Actor): SQL | undefined {
  return can(actor, 'read', 'User') ? undefined : repo.affiliatedWithInstitutionsOf(actor.userId);
}

/**
 * The page's users with their groups and current affiliations: three `in (ids)` queries (the CSV
 * file's batches; the list's page is the read model's, user-list-read.repo).
 */
export async function usersByIds(db: DbOrTx, ids: number[]): Promise<UserListItemDto[]> {
  if (ids.length === 0) return [];
  const [rows, groupRows, institutionRows] = await Promise.all([
    repo.usersWithIds(db, ids),
    repo.groupsOf(db, ids),
    repo.institutionsOf(db, ids),
  ]);
  return inPageOrder(ids, rows, (row) => row.id).map((user) => {
    const name = `${user.firstName} ${user.lastName}`.trim();
    const affiliations = institutionRows.filter((row) => row.userId === user.id);
    return {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: name,
      display_name: name || user.email,
      email: user.email,
      groups: groupRows.filter((row) => row.userId === user.id).map((row) => row.name),
      institutions: affiliations.map((row) => ({
        id: row.id,
        name: row.name,
        verified: row.verified,
        primary: row.primary,
        joinder_date: row.joinderDate?.toISOString() ?? null,
      })),
      joinder_signed: affiliations[0]?.joinderDate != null,
      active: user.isActive,
      verified: user.verified,
      last_login: user.lastLogin?.toISOString() ?? null,
      created: user.created.toISOString(),
    };
  });
}

/** The columns of the list (researcher §2), plus roles and status, as the CSV file carries them. */
const CSV_COLUMNS: [string, (user: UserListItemDto) => string][] = [
  ['Name', (user) => user.full_name],
  ['Institution or Active Period', (user) => institutionOrActivePeriod(user, csvDate)],
  ['Email Address', (user) => user.email],
  ['Joinder Signed?', (user) => (user.joinder_signed ? 'Yes' : 'No')],
  ['Date of Last Login', (user) => csvDate(user.last_login)],
  ['Roles', (user) => user.groups.map((group) => (isRoleKey(group) ? ROLE_LABELS[group] : group)).join('; ')],
  ['Active', (user) => (user.active ? 'Yes' : 'No')],
];

/** CSV lines (CRLF-ended); cells a spreadsheet would run as formulae are escaped. */
const csvLines = (rows: string[][]) => `${Papa.unparse(rows, { escapeFormulae: true })}\r\n`;

/** Rows per query while streaming the CSV file: one page of ids, then its relations. */
const CSV_BATCH = 500;

export function createUserListService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** One page of users (ids first, then the page's rows and relations; no per-row queries). */
    async list(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(userList, query);
      const page = await selectPageIds(db, userList, list, visibleTo(actor));
      return { list, count: page.count, resultsJson: await userPageJson(db, page.ids) };
    },

    /**
     * The filtered list as a CSV file, streamed batch by batch, so a list of any length is never
     * held in memory. Paging and `limit` do not apply: the file has every matching user.
     */
    csv(actor: Actor, query: Record<string, string | undefined>): Readable {
      const filters = { ...query, limit: undefined, offset: undefined };
      const first = parseListQuery(userList, filters);
      const scope = visibleTo(actor);
      async function* lines() {
        yield csvLines([CSV_COLUMNS.map(([title]) => title)]);
        for (let offset = 0; ; offset += CSV_BATCH) {
          const list: ParsedList = { ...first, limit: CSV_BATCH, offset };
          const page = await selectPageIds(db, userList, list, scope, { count: false });
          if (page.ids.length === 0) return;
          const batch = await usersByIds(db, page.ids);
          yield csvLines(batch.map((user) => CSV_COLUMNS.map(([, cell]) => cell(user))));
          if (page.ids.length < CSV_BATCH) return;
        }
      }
      return Readable.from(lines());
    },
  };
}

export type UserListService = ReturnType<typeof createUserListService>;
