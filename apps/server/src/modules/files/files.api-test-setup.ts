import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { can, type Actor, type FileDto } from '@rrp/domain';
import { files, userInstitutions } from '../../db/schema';
import type { DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import type { FileRow, FileTypePolicy } from './files.service';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { multipartBody, type MultipartFile } from '../../../test/multipart';
import { startClamd, type RunningClamd } from '../../../test/clamd.mjs';

/**
 * The files API against a real clamd (apps/server/test/clamd.mjs). Uploads of two test-only
 * types, registered here: `test_doc` (PDF only) and `test_bundle` (anything), both belonging to
 * an institution — its members and staff read them, members upload them, staff replace them.
 */
let clamd: RunningClamd;
export let t: TestContext;
export let admin: string;
export let researcher: string;
export let researcherId: number;
export let outsider: string;
export let otherInstitutionId: number;
export let institutionId: number;

export const UPLOAD_LIMIT_MB = 1;
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function isMember(tx: DbOrTx, institution: number | null, userId: number) {
  if (institution === null) return false;
  const [row] = await tx
    .select({ id: userInstitutions.id })
    .from(userInstitutions)
    .where(
      and(
        eq(userInstitutions.institutionId, institution),
        eq(userInstitutions.userId, userId),
        isNull(userInstitutions.removalReason),
      ),
    );
  return Boolean(row);
}

export function testPolicy(options: { pdfOnly: boolean }): FileTypePolicy {
  const subjectOf = async (tx: DbOrTx, file: { institutionId: number | null }, actor: Actor) => ({
    memberIds: (await isMember(tx, file.institutionId, actor.userId)) ? [actor.userId] : [],
  });
  return {
    subject: 'Institution',
    subjectOf,
    readableWhere: (actor) =>
      sql`exists (select 1 from user_institutions ui where ui.institution_id = ${files.institutionId} and ui.user_id = ${actor.userId} and ui.removal_reason is null)`,
    async authorizeCreate(tx, actor, input) {
      if (input.institutionId === null) throw new ValidationError({ institution: ['Required field'] });
      const subject = await subjectOf(tx, { institutionId: input.institutionId }, actor);
      if (!can(actor, 'read', 'Institution', subject)) throw new NotFoundError();
      if (options.pdfOnly && input.contentType !== 'application/pdf') {
        throw new ValidationError({ file: ['The file must be a PDF.'] });
      }
      const note = input.additionalData.note;
      if (note !== undefined && typeof note !== 'string')
        throw new ValidationError({ note: ['Enter text.'] });
      return { additionalData: note === undefined ? {} : { note } };
    },
    async afterCreate(tx, _actor, file) {
      // Lets a test prove the upload is one transaction: a failing follow-up leaves nothing behind.
      if (file.additionalData.note === 'fail after create') throw new ValidationError({ note: ['Refused.'] });
      await tx
        .update(files)
        .set({ additionalData: { ...file.additionalData, followed_up: true } })
        .where(eq(files.id, file.id));
    },
    async update(tx, actor, file, body) {
      authorize(actor, 'read', 'Institution', await subjectOf(tx, file, actor));
      if (typeof body.note !== 'string') throw new ValidationError({ note: ['Enter text.'] });
      const [row] = await tx
        .update(files)
        .set({ additionalData: { ...file.additionalData, note: body.note } })
        .where(eq(files.id, file.id))
        .returning();
      return row as FileRow;
    },
  };
}

export type Part = MultipartFile;

/** A multipart/form-data body, as a browser's FormData sends it. */
export const multipart = multipartBody;

export function upload(token: string | null, fields: Record<string, string>, ...parts: Part[]) {
  const body = multipart(fields, ...parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...(token ? auth(token) : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

export function replace(token: string, id: number, fields: Record<string, string>, ...parts: Part[]) {
  const body = multipart(fields, ...parts);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/file/${id}/`,
    headers: { ...auth(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A clean upload by the member researcher; answers the created file. */
export async function uploaded(
  fields: Record<string, string> = {},
  part: Part = { name: 'doc.pdf', content: PDF },
): Promise<FileDto> {
  const response = await upload(
    researcher,
    { type: 'test_doc', institution: String(institutionId), ...fields },
    part,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FileDto>();
}

/** A PDF uploaded by a member of the other institution: one the researcher may not read. */
export async function uploadedElsewhere(name: string): Promise<FileDto> {
  const otherMember = await t.createUser({
    roles: ['primary_researcher'],
    institutionId: otherInstitutionId,
  });
  const response = await upload(
    await t.tokenFor(otherMember.email),
    { type: 'test_doc', institution: String(otherInstitutionId) },
    { name, content: PDF },
  );
  return response.json<FileDto>();
}

export const fileRows = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;

/** Every stored object under DATA_DIR/files. */
export function storedBytes(): string[] {
  const root = join(t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

export const get = (token: string, url: string) => t.app.inject({ url, headers: auth(token) });

/** Registers the file's set-up and tear-down; every test file of this set calls it once. */
export function setUpFilesApi(): void {
  beforeAll(async () => {
    clamd = await startClamd();
    t = await createTestContext({
      config: {
        CLAMAV_HOST: clamd.host,
        CLAMAV_PORT: String(clamd.port),
        UPLOAD_MAX_MB: String(UPLOAD_LIMIT_MB),
      },
    });
    t.app.fileTypes.register('test_doc', testPolicy({ pdfOnly: true }));
    t.app.fileTypes.register('test_bundle', testPolicy({ pdfOnly: false }));
    admin = await t.tokenForRole('portal_admin');
    const member = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Rita',
      lastName: 'Member',
    });
    researcherId = member.id;
    researcher = await t.tokenFor(member.email);
    const { institution } = await t.institutionWithOfficial('Other Institute');
    otherInstitutionId = institution.id;
    const stranger = await t.createUser({ roles: ['primary_researcher'], institutionId: otherInstitutionId });
    outsider = await t.tokenFor(stranger.email);
    const [row] = await t.database.db
      .select({ institutionId: userInstitutions.institutionId })
      .from(userInstitutions)
      .where(eq(userInstitutions.userId, researcherId));
    institutionId = row!.institutionId;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await clamd?.stop();
  });
}
