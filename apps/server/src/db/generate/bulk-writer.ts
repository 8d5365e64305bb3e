import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../platform/db/database';

type CellValue = string | number | boolean | Date | null | readonly number[] | Record<string, unknown>;
export type Row = readonly CellValue[];

/** Writes many rows into one table: `COPY` on a PostgreSQL server, batched `INSERT`s on PGlite. */
export interface BulkWriter {
  write(table: string, columns: readonly string[], rows: Iterable<Row>): Promise<number>;
}

/** A value as PostgreSQL's text input reads it (the same text COPY and a text parameter carry). */
function asText(value: CellValue): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (Array.isArray(value)) return `{${value.join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One line of COPY's text format: tab-separated, `\N` for null, backslash escapes. */
function copyLine(row: Row): string {
  return (
    row
      .map((value) => {
        const text = asText(value);
        return text === null ? '\\N' : text.replace(/[\\\t\n\r]/g, (char) => COPY_ESCAPES[char]!);
      })
      .join('\t') + '\n'
  );
}

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/** Lines grouped into chunks of about 64 kB, so the stream is not fed one small string at a time. */
function* copyChunks(rows: Iterable<Row>, counter: { rows: number }): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += copyLine(row);
    counter.rows += 1;
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

function postgresWriter(pool: Pool): BulkWriter {
  return {
    async write(table, columns, rows) {
      const client = await pool.connect();
      const counter = { rows: 0 };
      try {
        const target = client.query(copyFrom(`COPY "${table}" (${quoted(columns)}) FROM STDIN`));
        await pipeline(Readable.from(copyChunks(rows, counter)), target);
      } finally {
        client.release();
      }
      return counter.rows;
    },
  };
}

/** PGlite takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

function pgliteWriter(client: PGlite): BulkWriter {
  return {
    async write(table, columns, rows) {
      const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
      let batch: (string | null)[] = [];
      let batchRows = 0;
      let written = 0;
      const flush = async () => {
        if (batchRows === 0) return;
        const tuples = Array.from(
          { length: batchRows },
          (_, row) => `(${columns.map((__, column) => `$${row * columns.length + column + 1}`).join(', ')})`,
        );
        await client.query(`INSERT INTO "${table}" (${quoted(columns)}) VALUES ${tuples.join(', ')}`, batch);
        written += batchRows;
        batch = [];
        batchRows = 0;
      };
      for (const row of rows) {
        for (const value of row) batch.push(asText(value));
        batchRows += 1;
        if (batchRows === perStatement) await flush();
      }
      await flush();
      return written;
    },
  };
}

/** The driver's own client under drizzle: COPY needs a node-postgres connection, PGlite its instance. */
export function bulkWriter(database: Database): BulkWriter {
  const client = (database.db as unknown as { $client: Pool | PGlite }).$client;
  return database.kind === 'postgres' ? postgresWriter(client as Pool) : pgliteWriter(client as PGlite);
}
