import type { PGlite } from '@electric-sql/pglite';
import { openPglite, type Database } from '../src/platform/db/database';

/*
 * A PGlite database started from the run's template archive costs a test file seconds of CPU (the
 * 45 MB archive is unpacked file by file into PGlite's in-memory file system, then PostgreSQL
 * starts). A worker runs its files one after another, so a file's database, once the file is
 * done, is put back to the template's exact rows and handed to the worker's next file instead.
 * Only a database whose schema is still the template's is reused: a file that changed the schema
 * (created a table, dropped a trigger) gets its database closed, and the next file a fresh one.
 */

/** Names for the copies of the template's rows, kept in the session's own temporary schema. */
const SNAPSHOT = `
-- A table's rows as one digest (null when it has none).
create function pg_temp.rrp_digest(name text) returns text language plpgsql as $$
declare
  digest text;
begin
  execute format('select md5(string_agg(r::text, '','' order by r::text)) from %s as r', name) into digest;
  return digest;
end $$;

do $$
declare
  t record;
begin
  create temp table rrp_template_sequences as
    select format('%I.%I', schemaname, sequencename) as name, last_value, start_value
    from pg_sequences where schemaname not like 'pg\\_%' and schemaname <> 'information_schema';
  -- Each table, with its columns but the generated ones, and a digest of the template's rows in it.
  create temp table rrp_template_tables as
    select c.oid, c.oid::regclass::text as name, null::text as digest,
      (select string_agg(quote_ident(attname), ', ' order by attnum) from pg_attribute
       where attrelid = c.oid and attnum > 0 and not attisdropped and attgenerated = '') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema';
  for t in select * from rrp_template_tables loop
    execute format('update rrp_template_tables set digest = %L where oid = %s', pg_temp.rrp_digest(t.name), t.oid);
    execute format('create temp table %I as select * from %s', 'rrp_template_' || t.oid, t.name);
  end loop;
end $$;

create function pg_temp.rrp_reset() returns void language plpgsql as $$
declare
  t record;
begin
  -- No triggers (history, notifications) and no foreign-key checks while rows are put back.
  set local session_replication_role = replica;
  -- Rows are deleted rather than truncated: a truncate makes new files, which costs PGlite far
  -- more than deleting the few rows a file wrote; a table whose rows are the template's is left.
  for t in select * from pg_temp.rrp_template_tables loop
    continue when pg_temp.rrp_digest(t.name) is not distinct from t.digest;
    execute format('delete from %s', t.name);
    continue when t.digest is null;
    execute format('insert into %s (%s) overriding system value select %s from pg_temp.%I',
      t.name, t.columns, t.columns, 'rrp_template_' || t.oid);
  end loop;
  perform setval(name, coalesce(last_value, start_value), last_value is not null)
  from pg_temp.rrp_template_sequences;
end $$;
`;

/** What a file can change besides rows: relations, columns, constraints, functions, triggers. */
const SCHEMA_FINGERPRINT = `
select md5(string_agg(item, ',' order by item)) as fingerprint from (
  select 'r ' || c.oid::regclass::text || ' ' || c.relkind::text as item
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
  union all
  select 'a ' || a.attrelid::regclass::text || ' ' || a.attname || ' ' || a.atttypid::text || ' ' || a.attnotnull::text
    || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped and c.relkind = 'r'
    and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
  union all
  select 'c ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
  where connamespace not in (select oid from pg_namespace where nspname like 'pg\\_%' or nspname = 'information_schema')
  union all
  select 'f ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
  union all
  select 't ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
) as schema`;

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

async function fingerprintOf(client: PGlite): Promise<string> {
  const result = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return result.rows[0]!.fingerprint;
}

/** One worker's databases between files: each with the fingerprint of the template's schema. */
const idle: { database: Database; fingerprint: string }[] = [];

/** A database holding exactly the template's rows: a reused one, else one started from `archive`. */
export async function reusablePglite(archive: () => Promise<Blob>): Promise<Database> {
  const reused = idle.pop();
  if (reused) return handOut(reused.database, reused.fingerprint);
  const database = await openPglite(undefined, await archive());
  const client = clientOf(database);
  await client.exec(SNAPSHOT);
  return handOut(database, await fingerprintOf(client));
}

/** The database as a file sees it: closing it puts it back for the next file when it can be. */
function handOut(database: Database, fingerprint: string): Database {
  return {
    ...database,
    close: async () => {
      const client = clientOf(database);
      try {
        if ((await fingerprintOf(client)) !== fingerprint) throw new Error('the schema was changed');
        // What a session keeps besides rows: settings, prepared statements, locks, sequence caches.
        await client.exec(
          'reset all; deallocate all; close all; select pg_advisory_unlock_all(); discard sequences; select pg_temp.rrp_reset();',
        );
        idle.push({ database, fingerprint });
      } catch {
        await database.close();
      }
    },
  };
}
