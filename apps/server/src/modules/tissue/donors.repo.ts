import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { abnDonorDocuments, abnDonors, abnDonorSurveys, files } from '../../db/schema';

/** The donors of one set: the pilot set, or the catalogue. */
export const inSet = (pilot: boolean) => eq(abnDonors.pilot, pilot);

export type DonorRow = typeof abnDonors.$inferSelect;
export type DonorDocumentRow = typeof abnDonorDocuments.$inferSelect & { name: string };

/** Lists a stored file among a donor's documents. */
export async function insertDonorDocument(
  db: DbOrTx,
  values: typeof abnDonorDocuments.$inferInsert,
): Promise<void> {
  await db.insert(abnDonorDocuments).values(values);
}

export async function donorsByIds(db: DbOrTx, ids: readonly number[]): Promise<DonorRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(abnDonors)
    .where(inArray(abnDonors.id, [...ids]));
}

export async function donorByHash(db: DbOrTx, hash: string): Promise<DonorRow | null> {
  const [row] = await db.select().from(abnDonors).where(eq(abnDonors.donorHash, hash));
  return row ?? null;
}

export async function donorsByHashes(db: DbOrTx, hashes: readonly string[]): Promise<DonorRow[]> {
  if (hashes.length === 0) return [];
  return db
    .select()
    .from(abnDonors)
    .where(inArray(abnDonors.donorHash, [...hashes]));
}

/** The documents and survey types of the donors of a page: one query each (no per-row calls). */
export async function relationsOf(db: DbOrTx, donorIds: readonly number[]) {
  const documents = new Map<number, DonorDocumentRow[]>();
  const surveys = new Map<number, string[]>();
  if (donorIds.length === 0) return { documents, surveys };
  const [documentRows, surveyRows] = await Promise.all([
    db
      .select({ document: abnDonorDocuments, name: files.name })
      .from(abnDonorDocuments)
      .innerJoin(files, eq(files.id, abnDonorDocuments.fileId))
      .where(inArray(abnDonorDocuments.donorId, [...donorIds]))
      .orderBy(asc(abnDonorDocuments.id)),
    db
      .select({ donorId: abnDonorSurveys.donorId, surveyType: abnDonorSurveys.surveyType })
      .from(abnDonorSurveys)
      .where(inArray(abnDonorSurveys.donorId, [...donorIds]))
      .orderBy(asc(abnDonorSurveys.surveyType)),
  ]);
  for (const { document, name } of documentRows) {
    documents.set(document.donorId, [...(documents.get(document.donorId) ?? []), { ...document, name }]);
  }
  for (const row of surveyRows)
    surveys.set(row.donorId, [...(surveys.get(row.donorId) ?? []), row.surveyType]);
  return { documents, surveys };
}

/** A donor's document with its stored file. */
export async function donorDocument(db: DbOrTx, donorId: number, documentId: number) {
  const [row] = await db
    .select({ document: abnDonorDocuments, file: files })
    .from(abnDonorDocuments)
    .innerJoin(files, eq(files.id, abnDonorDocuments.fileId))
    .where(and(eq(abnDonorDocuments.donorId, donorId), eq(abnDonorDocuments.id, documentId)));
  return row ?? null;
}

export async function donorSurvey(db: DbOrTx, donorId: number, surveyType: string) {
  const [row] = await db
    .select()
    .from(abnDonorSurveys)
    .where(and(eq(abnDonorSurveys.donorId, donorId), eq(abnDonorSurveys.surveyType, surveyType)));
  return row ?? null;
}

/** The distinct values of a text column in one set, for the filter panel. */
async function distinct(db: DbOrTx, pilot: boolean, expression: ReturnType<typeof sql>) {
  // PGlite and node-postgres both answer `rows`.
  const result = (await db.execute(
    sql`SELECT DISTINCT value FROM (SELECT ${expression} AS value FROM ${abnDonors} WHERE ${abnDonors.pilot} = ${pilot}) AS v WHERE value IS NOT NULL AND value <> '' ORDER BY value LIMIT 500`,
  )) as unknown as { rows: { value: string }[] };
  return result.rows.map((row) => row.value);
}

/** What the filter panel offers in a set: the values its donors have. */
export async function filterOptions(db: DbOrTx, pilot: boolean) {
  const [
    diagnosis,
    confirmation_status,
    gender,
    tissue_quality,
    preservation,
    medical_conditions,
    psych_conditions,
    genetic_conditions,
    ethnicities,
    cause_of_death,
  ] = await Promise.all([
    distinct(db, pilot, sql`${abnDonors.diagnosis}`),
    distinct(db, pilot, sql`${abnDonors.confirmationStatus}`),
    distinct(db, pilot, sql`${abnDonors.gender}`),
    distinct(db, pilot, sql`${abnDonors.tissueQuality}`),
    distinct(db, pilot, sql`${abnDonors.preservation}`),
    distinct(db, pilot, sql`unnest(${abnDonors.medicalConditions})`),
    distinct(db, pilot, sql`unnest(${abnDonors.psychConditions})`),
    distinct(db, pilot, sql`jsonb_array_elements(${abnDonors.geneticConditions}) ->> 'condition'`),
    distinct(db, pilot, sql`unnest(${abnDonors.ethnicities})`),
    distinct(db, pilot, sql`${abnDonors.causeOfDeath}`),
  ]);
  return {
    diagnosis,
    confirmation_status,
    gender,
    tissue_quality,
    preservation,
    medical_conditions,
    psych_conditions,
    genetic_conditions,
    ethnicities,
    cause_of_death,
  };
}

/** Inserts or updates donors by hash (the importer); answers how many were new. */
export async function upsertDonors(
  db: DbOrTx,
  rows: (typeof abnDonors.$inferInsert)[],
): Promise<{ id: number; donorHash: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const now = new Date();
  const columns = Object.keys(rows[0]!).filter((key) => key !== 'donorHash' && key !== 'created');
  const set = Object.fromEntries(
    columns.map((key) => {
      const column = abnDonors[key as keyof typeof abnDonors.$inferInsert] as { name: string };
      return [key, sql.raw(`excluded."${column.name}"`)];
    }),
  );
  return db
    .insert(abnDonors)
    .values(rows.map((row) => ({ ...row, modified: now })))
    .onConflictDoUpdate({ target: abnDonors.donorHash, set: { ...set, modified: now } })
    .returning({
      id: abnDonors.id,
      donorHash: abnDonors.donorHash,
      // xmax is 0 for a freshly inserted row, set for one the conflict updated.
      inserted: sql<boolean>`(xmax = 0)`,
    });
}

/** Replaces a donor's surveys of the given types. */
export async function replaceSurveys(
  db: DbOrTx,
  donorId: number,
  surveys: Record<string, { item: string; question: string; answer: string }[]>,
) {
  const types = Object.keys(surveys);
  if (types.length === 0) return;
  await db
    .delete(abnDonorSurveys)
    .where(and(eq(abnDonorSurveys.donorId, donorId), inArray(abnDonorSurveys.surveyType, types)));
  await db
    .insert(abnDonorSurveys)
    .values(types.map((surveyType) => ({ donorId, surveyType, answers: surveys[surveyType]! })));
}
