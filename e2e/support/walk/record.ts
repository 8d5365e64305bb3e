import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One visit of one screen at one width, as the run's table shows it. */
export interface WalkRow {
  file: string;
  route: string;
  actor: string;
  width: number;
  /** The page's own API calls during the visit. */
  calls: number;
  /** Calls answered 403 or 5xx. */
  refused: number;
  /** API calls in the idle window after the page settled. */
  idle: number;
  consoleErrors: number;
  /** Serious or critical axe violations (screen and opened popovers). */
  axe: number;
  /** Axe checks run for this visit (the rest were states already checked in this run). */
  axeChecked: number;
  ok: boolean;
}

/**
 * `npm test` shares one record between its lanes (E2E_WALK_RECORD, like E2E_AXE_RECORD) and
 * prints it at the end; a walk file run alone keeps one per Playwright run (its workers share the
 * runner as parent), and prints its own table.
 */
const WALK_RECORD = process.env.E2E_WALK_RECORD ?? join(tmpdir(), `rrp-walk-${process.ppid}.jsonl`);
export const SHARED_RECORD = process.env.E2E_WALK_RECORD !== undefined;

export function recordRow(row: WalkRow): void {
  // One line per append is atomic, so the lanes can share the file.
  appendFileSync(WALK_RECORD, `${JSON.stringify(row)}\n`);
}

export function readRows(record = WALK_RECORD): WalkRow[] {
  if (!existsSync(record)) return [];
  return readFileSync(record, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as WalkRow);
}

const COLUMNS = ['route', 'role', 'width', 'calls', '403/5xx', 'idle', 'console', 'axe', 'verdict'];

/** The table of routes × roles, one line per visit, sorted by route then role. */
export function walkTable(rows: WalkRow[]): string {
  const sorted = [...rows].sort(
    (a, b) => a.route.localeCompare(b.route) || a.actor.localeCompare(b.actor) || b.width - a.width,
  );
  const cells = sorted.map((row) => [
    row.route,
    row.actor,
    String(row.width),
    String(row.calls),
    String(row.refused),
    String(row.idle),
    String(row.consoleErrors),
    `${row.axe}/${row.axeChecked}`,
    row.ok ? 'pass' : 'FAIL',
  ]);
  const widths = COLUMNS.map((title, index) =>
    Math.max(title.length, ...cells.map((line) => line[index]!.length)),
  );
  const format = (line: string[]) =>
    line
      .map((cell, index) => cell.padEnd(widths[index]!))
      .join('  ')
      .trimEnd();
  const failed = rows.filter((row) => !row.ok).length;
  const routes = new Set(rows.map((row) => row.route)).size;
  const actors = new Set(rows.map((row) => row.actor)).size;
  return [
    `Screen walk: ${rows.length} visits, ${routes} routes, ${actors} roles, ${failed} failed`,
    '(axe: serious or critical violations / checks run; a state already checked this run is not checked again)',
    format(COLUMNS),
    ...cells.map(format),
  ].join('\n');
}
