import Papa from 'papaparse';
import {
  donorImportSchema,
  DONOR_MESSAGES,
  isRestrictedDonor,
  NULL_CHARACTER_MESSAGE,
  nullCharacterPaths,
  type DonorImport,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { recordHistory } from '../../platform/history';
import type { abnDonors } from '../../db/schema';
import * as repo from './donors.repo';

/**
 * The donor importer (`npm run cli -- import-donors FILE`, decision 232): a CSV or JSON file of
 * donors, checked whole before anything is written, then inserted or updated by donor hash in one
 * transaction — so running it again changes nothing, and a file with a bad row imports nothing.
 */

type SurveyAnswer = { item: string; question: string; answer: string };

interface ImportProblem {
  /** The line of the file the record starts on (CSV), or null (JSON). */
  line: number | null;
  /** The record's position in the file, from 1. */
  record: number;
  donorHash: string | null;
  field: string | null;
  message: string;
}

interface ImportResult {
  problems: ImportProblem[];
  inserted: number;
  updated: number;
}

/** The history model of donors: who imported which version. */
const DONOR_HISTORY_MODEL = 'abn_donor';

const FIELDS = new Set(Object.keys(donorImportSchema.shape));
const NESTED = new Set(['intellectual_functioning']);

interface RawRecord {
  line: number | null;
  record: number;
  value: Record<string, unknown>;
}

/** The line a record starts on: the first non-blank character at or after `offset`. */
function lineAt(content: string, offset: number): number {
  let position = offset;
  while (position < content.length && /[\r\n]/.test(content[position]!)) position += 1;
  let line = 1;
  for (let index = 0; index < position; index += 1) if (content[index] === '\n') line += 1;
  return line;
}

/** A field's path as a problem names it; a NUL in a name is shown, not printed. */
const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.').replaceAll('\u0000', '\\0');

/**
 * The file's text. Bytes that are not UTF-8 refuse the whole file (decision 319): decoded with
 * replacement characters they would be imported as wrong names and answers without a word.
 */
function decodeText(content: string | Uint8Array): { text: string } | { problem: ImportProblem } {
  if (typeof content === 'string') return { text: content };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    return { text: decoder.decode(content) };
  } catch {
    // A newline byte is never part of a longer UTF-8 sequence: the lines decode on their own.
    let line = 1;
    let start = 0;
    for (let index = 0; index <= content.length; index += 1) {
      if (index < content.length && content[index] !== 0x0a) continue;
      try {
        decoder.decode(content.subarray(start, index));
      } catch {
        break;
      }
      line += 1;
      start = index + 1;
    }
    return {
      problem: { line: null, record: 0, donorHash: null, field: null, message: DONOR_MESSAGES.notUtf8(line) },
    };
  }
}

/** CSV rows keyed by header; `a.b` columns become nested objects. */
function parseCsv(content: string): { records: RawRecord[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const records: RawRecord[] = [];
  let start = 0;
  let header: string[] | null = null;
  Papa.parse<string[]>(content, {
    skipEmptyLines: 'greedy',
    step: (result) => {
      const offset = start;
      start = result.meta.cursor;
      const cells = result.data;
      if (!header) {
        header = cells.map((cell) => cell.trim());
        for (const column of header) {
          if (column.includes('\u0000')) {
            problems.push({
              line: 1,
              record: 0,
              donorHash: null,
              field: fieldName([column]),
              message: NULL_CHARACTER_MESSAGE,
            });
            continue;
          }
          const [root, leaf] = column.split('.');
          const known = leaf ? NESTED.has(root!) : FIELDS.has(column) && !NESTED.has(column);
          if (!known && column !== 'surveys')
            problems.push({
              line: 1,
              record: 0,
              donorHash: null,
              field: column,
              message: `Unknown column: ${column}.`,
            });
        }
        return;
      }
      const line = lineAt(content, offset);
      if (cells.length !== header.length) {
        problems.push({
          line,
          record: records.length + 1,
          donorHash: null,
          field: null,
          message: `This line has ${cells.length} cells; the header has ${header.length}.`,
        });
      }
      const value: Record<string, unknown> = {};
      header.forEach((column, index) => {
        // Named once, as a problem of the header line.
        if (column.includes('\u0000')) return;
        const cell = cells[index] ?? '';
        const [root, leaf] = column.split('.');
        if (leaf) {
          const nested = (value[root!] ??= {}) as Record<string, unknown>;
          nested[leaf] = cell;
        } else value[column] = cell;
      });
      // An intellectual-functioning block with every cell empty is no block.
      const block = value.intellectual_functioning as Record<string, string> | undefined;
      if (block && Object.values(block).every((cell) => cell.trim() === ''))
        value.intellectual_functioning = null;
      if (typeof value.surveys === 'string') {
        try {
          value.surveys = value.surveys.trim() ? JSON.parse(value.surveys) : {};
        } catch {
          value.surveys = '(not JSON)';
        }
      }
      records.push({ line, record: records.length + 1, value });
    },
  });
  if (!header)
    problems.push({ line: 1, record: 0, donorHash: null, field: null, message: 'The file is empty.' });
  return { records, problems };
}

function parseJson(content: string): { records: RawRecord[]; problems: ImportProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    return {
      records: [],
      problems: [
        {
          line: null,
          record: 0,
          donorHash: null,
          field: null,
          message: `Not valid JSON: ${(error as Error).message}`,
        },
      ],
    };
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { donors?: unknown })?.donors;
  if (!Array.isArray(list)) {
    return {
      records: [],
      problems: [
        {
          line: null,
          record: 0,
          donorHash: null,
          field: null,
          message: 'A JSON import is a list of donors, or an object with a "donors" list.',
        },
      ],
    };
  }
  return {
    records: list.map((value, index) => ({
      line: null,
      record: index + 1,
      value:
        value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {},
    })),
    problems: [],
  };
}

/** Checks every record; the donors to write, or the problems (nothing is written then). */
function checkDonorFile(
  fileName: string,
  file: string | Uint8Array,
  options: { pilot?: boolean } = {},
): { donors: (DonorImport & { line: number | null; record: number })[]; problems: ImportProblem[] } {
  const decoded = decodeText(file);
  if ('problem' in decoded) return { donors: [], problems: [decoded.problem] };
  const content = decoded.text;
  const json = /\.json$/i.test(fileName) || /^\s*[[{]/.test(content);
  const { records, problems } = json ? parseJson(content) : parseCsv(content.replace(/^\uFEFF/, ''));
  const donors: (DonorImport & { line: number | null; record: number })[] = [];
  const seen = new Map<string, number | null>();
  for (const raw of records) {
    const value = { ...raw.value };
    if (options.pilot && (value.pilot === undefined || value.pilot === '')) value.pilot = true;
    const hash =
      typeof value.donor_hash === 'string' && !value.donor_hash.includes('\u0000')
        ? value.donor_hash.trim()
        : null;
    // PostgreSQL stores no NUL character: a bad value of its line like any other, named by field.
    const withNul = nullCharacterPaths(raw.value).map(fieldName);
    for (const field of withNul) {
      problems.push({
        line: raw.line,
        record: raw.record,
        donorHash: hash,
        field,
        message: NULL_CHARACTER_MESSAGE,
      });
    }
    const parsed = donorImportSchema.safeParse(value);
    if (!parsed.success || withNul.length > 0) {
      for (const issue of parsed.error?.issues ?? []) {
        const field = fieldName(issue.path);
        if (withNul.some((bad) => field === bad || field.startsWith(`${bad}.`))) continue;
        problems.push({
          line: raw.line,
          record: raw.record,
          donorHash: hash,
          field: field || null,
          message: issue.message,
        });
      }
      continue;
    }
    const unknown = Object.keys(raw.value).filter((key) => !FIELDS.has(key));
    if (json && unknown.length > 0) {
      problems.push({
        line: raw.line,
        record: raw.record,
        donorHash: hash,
        field: unknown.join(', '),
        message: `Unknown field: ${unknown.join(', ')}.`,
      });
      continue;
    }
    const donorHash = parsed.data.donor_hash;
    if (seen.has(donorHash)) {
      const first = seen.get(donorHash)!;
      problems.push({
        line: raw.line,
        record: raw.record,
        donorHash,
        field: 'donor_hash',
        message: first === null ? 'This donor hash is already in the file.' : DONOR_MESSAGES.hashTwice(first),
      });
      continue;
    }
    seen.set(donorHash, raw.line ?? null);
    donors.push({ ...parsed.data, line: raw.line, record: raw.record });
  }
  return { donors, problems };
}

/** A checked donor as a row of `abn_donors`. */
export function donorRow(donor: DonorImport): typeof abnDonors.$inferInsert {
  return {
    donorHash: donor.donor_hash,
    pilot: donor.pilot,
    diagnosis: donor.diagnosis,
    confirmationStatus: donor.confirmation_status,
    age: donor.age,
    gender: donor.gender,
    leftHemisphere: donor.left_hemisphere,
    rightHemisphere: donor.right_hemisphere,
    brainstem: donor.brainstem,
    tissueQuality: donor.tissue_quality,
    amount: donor.amount,
    detail: donor.detail,
    geneticConditions: donor.genetic_conditions,
    sparkGenes: donor.spark_genes,
    causeOfDeath: donor.cause_of_death,
    secondaryCauseOfDeath: donor.secondary_cause_of_death,
    respirator: donor.respirator,
    respiratorLength: donor.respirator_length,
    medicalConditions: donor.medical_conditions,
    psychConditions: donor.psych_conditions,
    intellectualFunctioning: donor.intellectual_functioning,
    ethnicities: donor.ethnicities,
    clinicalSummary: donor.clinical_summary,
    flag: donor.flag,
    pmi: donor.pmi,
    rin: donor.rin,
    brainWeight: donor.brain_weight,
    preservation: donor.preservation,
    collectedBrainstemDetail: donor.collected_brainstem_detail,
    restricted: isRestrictedDonor(donor.confirmation_status),
  };
}

/** Writes checked donors in one transaction, each with its history row; answers the counts. */
export async function writeDonors(
  db: DbOrTx,
  donors: DonorImport[],
  by: { userId: number } | null = null,
): Promise<{ inserted: number; updated: number }> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    let updated = 0;
    // Batches keep each statement's parameters well under PostgreSQL's limit.
    for (let index = 0; index < donors.length; index += 200) {
      const batch = donors.slice(index, index + 200);
      const before = new Map(
        (
          await repo.donorsByHashes(
            tx,
            batch.map((donor) => donor.donor_hash),
          )
        ).map((row) => [row.donorHash, row]),
      );
      const written = await repo.upsertDonors(tx, batch.map(donorRow));
      const afterRows = new Map(
        (
          await repo.donorsByIds(
            tx,
            written.map((row) => row.id),
          )
        ).map((row) => [row.donorHash, row]),
      );
      for (const donor of batch) {
        const after = afterRows.get(donor.donor_hash)!;
        const previous = before.get(donor.donor_hash);
        if (previous) updated += 1;
        else inserted += 1;
        await repo.replaceSurveys(tx, after.id, donor.surveys as Record<string, SurveyAnswer[]>);
        await recordHistory(tx, {
          model: DONOR_HISTORY_MODEL,
          objectId: after.id,
          action: previous ? 'update' : 'create',
          before: previous ?? null,
          after,
          by,
        });
      }
    }
    return { inserted, updated };
  });
}

/** Checks then imports a donor file: all of it, or nothing when any record is bad. */
export async function importDonors(
  db: Db,
  /** `content` as read from disk (bytes, checked to be UTF-8), or text already decoded. */
  file: { name: string; content: string | Uint8Array },
  options: { pilot?: boolean } = {},
): Promise<ImportResult> {
  const { donors, problems } = checkDonorFile(file.name, file.content, options);
  if (problems.length > 0) return { problems, inserted: 0, updated: 0 };
  return { problems, ...(await writeDonors(db, donors)) };
}

/** A problem as one line of the command's report. */
export function describeProblem(problem: ImportProblem): string {
  const where =
    problem.line !== null ? `line ${problem.line}` : problem.record > 0 ? `record ${problem.record}` : 'file';
  const who = problem.donorHash ? ` (donor ${problem.donorHash})` : '';
  const field = problem.field ? `${problem.field}: ` : '';
  return `${where}${who}: ${field}${problem.message}`;
}
