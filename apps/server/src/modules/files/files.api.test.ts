import { readdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseDisposition } from 'content-disposition';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { can, FILE_MESSAGES, type Actor, type FileDto } from '@rrp/domain';
import { files, history, userInstitutions } from '../../db/schema';
import type { DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { listZipEntries } from '../../platform/files/zip';
import type { FileRow, FileTypePolicy } from './files.service';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { multipartBody, type MultipartFile } from '../../../test/multipart';
import { CLAMD_MISSING, eicar, startClamd, type RunningClamd } from '../../../test/clamd.mjs';

/**
 * The files API against a real clamd (apps/server/test/clamd.mjs). Uploads of two test-only
 * types, registered here: `test_doc` (PDF only) and `test_bundle` (anything), both belonging to
 * an institution — its members and staff read them, members upload them, staff replace them.
 */
let clamd: RunningClamd;
let t: TestContext;
let admin: string;
let researcher: string;
let researcherId: number;
let outsider: string;
let otherInstitutionId: number;
let institutionId: number;

const UPLOAD_LIMIT_MB = 1;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

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

function testPolicy(options: { pdfOnly: boolean }): FileTypePolicy {
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
  const member = await t.createUser({ roles: ['primary_researcher'], firstName: 'Rita', lastName: 'Member' });
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

type Part = MultipartFile;

/** A multipart/form-data body, as a browser's FormData sends it. */
const multipart = multipartBody;

function upload(token: string | null, fields: Record<string, string>, ...parts: Part[]) {
  const body = multipart(fields, ...parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...(token ? auth(token) : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

function replace(token: string, id: number, fields: Record<string, string>, ...parts: Part[]) {
  const body = multipart(fields, ...parts);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/file/${id}/`,
    headers: { ...auth(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A clean upload by the member researcher; answers the created file. */
async function uploaded(
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

const fileRows = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;

/** Every stored object under DATA_DIR/files. */
function storedBytes(): string[] {
  const root = join(t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

const get = (token: string, url: string) => t.app.inject({ url, headers: auth(token) });

describe('POST file/', () => {
  it('stores a clean PDF with its metadata, history and the policy follow-up', async () => {
    const before = storedBytes().length;
    const response = await upload(
      researcher,
      {
        name: 'Consent form.pdf',
        type: 'test_doc',
        institution: String(institutionId),
        creator: String(researcherId),
        additional_data: JSON.stringify({ note: 'first version' }),
      },
      // The client's MIME type is not trusted: the bytes make it a PDF.
      { name: 'upload.bin', content: PDF, type: 'application/octet-stream' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<FileDto>();
    expect(created).toMatchObject({
      name: 'Consent form.pdf',
      type: 'test_doc',
      file_type: 'application/pdf',
      size: PDF.length,
      creator: researcherId,
      institution: institutionId,
      project: null,
      additional_data: { note: 'first version' },
    });
    expect(created.permissions).toContain('read');
    expect(created.file_name).toBe('Consent form.pdf');
    const download = await get(researcher, created.file);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(storedBytes()).toHaveLength(before + 1);

    const read = (await get(researcher, `/api/file/${created.id}/?base64=true`)).json<FileDto>();
    expect(Buffer.from(read.base64!, 'base64').equals(PDF)).toBe(true);
    expect(read.additional_data).toEqual({ note: 'first version', followed_up: true });
    const audit = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'file'), eq(history.objectId, String(created.id))));
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('refuses the EICAR test file with 412 and stores neither a row nor bytes', async () => {
    const rows = await fileRows();
    const bytes = storedBytes().length;
    const response = await upload(
      researcher,
      { type: 'test_doc', institution: String(institutionId) },
      { name: 'eicar.pdf', content: eicar() },
    );
    expect(response.statusCode).toBe(412);
    expect(errorBody(response).detail).toBe('File eicar.pdf did not pass virus scan');
    expect(await fileRows()).toBe(rows);
    expect(storedBytes()).toHaveLength(bytes);
  });

  it('names the uploaded file when the name field is left out, without any path', async () => {
    const created = await uploaded({}, { name: 'reports/2024/irb.pdf', content: PDF });
    expect(created.name).toBe('irb.pdf');
  });

  it('refuses types no module lets anyone upload, naming the type', async () => {
    for (const type of ['nonsense', 'rda']) {
      const response = await upload(
        admin,
        { type, institution: String(institutionId) },
        { name: 'a.pdf', content: PDF },
      );
      expect(response.statusCode).toBe(400);
      expect(errorBody(response)).toMatchObject({ type: [FILE_MESSAGES.typeNotUploadable(type)] });
      expect(errorBody(response).type).toEqual([
        expect.stringContaining('Choose one of: irb, dataset_file,'),
      ]);
    }
  });

  it('answers bad input with field messages and stores nothing', async () => {
    const rows = await fileRows();
    const bytes = storedBytes().length;
    const cases: [Record<string, string>, Part[], Record<string, unknown>][] = [
      [
        { institution: String(institutionId) },
        [{ name: 'a.pdf', content: PDF }],
        { type: ['Choose the kind of file.'] },
      ],
      [{ type: 'test_doc', institution: String(institutionId) }, [], { file: ['Choose a file to upload.'] }],
      [
        { type: 'test_doc', institution: String(institutionId) },
        [{ name: 'a.pdf', content: Buffer.alloc(0) }],
        { file: ['The file is empty.'] },
      ],
      [
        { type: 'test_doc', institution: String(institutionId), additional_data: '{not json' },
        [{ name: 'a.pdf', content: PDF }],
        { additional_data: ['Enter a JSON object.'] },
      ],
      [
        { type: 'test_doc', institution: String(institutionId), additional_data: '[1,2]' },
        [{ name: 'a.pdf', content: PDF }],
        { additional_data: ['Enter a JSON object.'] },
      ],
      [
        { type: 'test_doc', institution: 'abc' },
        [{ name: 'a.pdf', content: PDF }],
        { institution: ['Enter a whole number.'] },
      ],
      [
        { type: 'test_doc', institution: String(institutionId), creator: String(researcherId + 1000) },
        [{ name: 'a.pdf', content: PDF }],
        { creator: ['Files are uploaded in your own name.'] },
      ],
      [
        { type: 'test_doc', institution: String(institutionId), colour: 'red' },
        [{ name: 'a.pdf', content: PDF }],
        { colour: ['Unknown field.'] },
      ],
      [
        { type: 'test_doc', institution: String(institutionId) },
        [{ name: 'a.pdf', content: PDF, field: 'attachment' }],
        { attachment: ['Unknown field.'] },
      ],
      [
        { type: 'test_doc', institution: String(institutionId) },
        [
          { name: 'a.pdf', content: PDF },
          { name: 'b.pdf', content: PDF },
        ],
        { file: ['Upload one file at a time.'] },
      ],
      [
        // Named and labelled a PDF, but not one: the policy that needs a PDF refuses it.
        { type: 'test_doc', institution: String(institutionId) },
        [{ name: 'fake.pdf', content: Buffer.from('<html>hello</html>'), type: 'application/pdf' }],
        { file: ['The file must be a PDF.'] },
      ],
      [{ type: 'test_doc' }, [{ name: 'a.pdf', content: PDF }], { institution: ['Required field'] }],
      [
        // Ids past the id columns' range are refused before they reach the database.
        { type: 'test_doc', institution: '2147483648' },
        [{ name: 'a.pdf', content: PDF }],
        { institution: ['Enter a whole number.'] },
      ],
      [
        { type: 'test_doc', institution: String(institutionId), name: 'a\u0000b.pdf' },
        [{ name: 'a.pdf', content: PDF }],
        { name: ['Null characters are not allowed.'] },
      ],
      [
        { type: 'test_doc', institution: String(institutionId) },
        [{ name: 'a\u0000.pdf', content: PDF }],
        { file: ['Null characters are not allowed.'] },
      ],
    ];
    for (const [fields, parts, expected] of cases) {
      const response = await upload(researcher, fields, ...parts);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorBody(response)).toMatchObject(expected);
    }
    expect(await fileRows()).toBe(rows);
    expect(storedBytes()).toHaveLength(bytes);
  });

  it('refuses a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/file/',
      headers: auth(researcher),
      payload: { type: 'test_doc' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      non_field_errors: ['Send the file as multipart/form-data.'],
    });
  });

  it('answers a malformed multipart body with 400', async () => {
    const body = multipart(
      { type: 'test_doc', institution: String(institutionId) },
      { name: 'a.pdf', content: PDF },
    );
    const cases = [
      { 'content-type': 'multipart/form-data', payload: body.payload },
      { 'content-type': body.contentType, payload: body.payload.subarray(0, body.payload.length - 40) },
    ];
    for (const { payload, ...headers } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/file/',
        headers: { ...auth(researcher), ...headers },
        payload,
      });
      expect(response.statusCode, headers['content-type']).toBe(400);
      errorBody(response);
    }
  });

  it('refuses a file over the size limit with 413 and stores nothing', async () => {
    const rows = await fileRows();
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_LIMIT_MB * 1024 * 1024)]);
    const response = await upload(
      researcher,
      { type: 'test_doc', institution: String(institutionId) },
      { name: 'big.pdf', content: big },
    );
    expect(response.statusCode).toBe(413);
    expect(errorBody(response).detail).toBe('File big.pdf is larger than the upload limit of 1 MB.');
    expect(await fileRows()).toBe(rows);
  });

  it("follows the owning module's rule: no uploads to an institution one is not part of", async () => {
    const rows = await fileRows();
    const response = await upload(
      outsider,
      { type: 'test_doc', institution: String(institutionId) },
      { name: 'a.pdf', content: PDF },
    );
    expect(response.statusCode).toBe(404);
    expect(await fileRows()).toBe(rows);
  });

  it('writes the row, the bytes and the follow-up together or not at all', async () => {
    const rows = await fileRows();
    const bytes = storedBytes().length;
    const response = await upload(
      researcher,
      {
        type: 'test_doc',
        institution: String(institutionId),
        additional_data: '{"note":"fail after create"}',
      },
      { name: 'a.pdf', content: PDF },
    );
    expect(response.statusCode).toBe(400);
    expect(await fileRows()).toBe(rows);
    expect(storedBytes()).toHaveLength(bytes);
  });

  it('needs a session', async () => {
    const response = await upload(null, { type: 'test_doc' }, { name: 'a.pdf', content: PDF });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET file/', () => {
  let own: FileDto;
  let foreign: FileDto;
  let unregistered: number;
  beforeAll(async () => {
    own = await uploaded({ name: 'own.pdf' });
    const otherMember = await t.createUser({
      roles: ['primary_researcher'],
      institutionId: otherInstitutionId,
    });
    const response = await upload(
      await t.tokenFor(otherMember.email),
      { type: 'test_doc', institution: String(otherInstitutionId) },
      { name: 'foreign.pdf', content: PDF },
    );
    foreign = response.json<FileDto>();
    // A file of a type no module has registered: only its creator sees it.
    const [row] = await t.database.db
      .insert(files)
      .values({
        name: 'loose.txt',
        storageKey: 'none',
        type: 'loose',
        contentType: 'text/plain',
        size: 1,
        creatorId: researcherId,
      })
      .returning();
    unregistered = row!.id;
  });

  const ids = async (token: string, query = '') =>
    (await get(token, `/api/file/?limit=2000${query}`))
      .json<{ results: FileDto[] }>()
      .results.map((file) => file.id);

  it('lists only the files the caller may read', async () => {
    const mine = await ids(researcher);
    expect(mine).toContain(own.id);
    expect(mine).toContain(unregistered);
    expect(mine).not.toContain(foreign.id);
    const outsiders = await ids(outsider);
    expect(outsiders).toContain(foreign.id);
    expect(outsiders).not.toContain(own.id);
    expect(outsiders).not.toContain(unregistered);
    const staff = await ids(admin);
    expect(staff).toEqual(expect.arrayContaining([own.id, foreign.id]));
    expect(staff).not.toContain(unregistered);
  });

  it('filters by id, id__in, type and institution, and expands the creator', async () => {
    expect(await ids(admin, `&id=${own.id}`)).toEqual([own.id]);
    expect((await ids(admin, `&id__in=${own.id},${foreign.id}&ordering=id`)).sort()).toEqual(
      [own.id, foreign.id].sort(),
    );
    expect(await ids(admin, `&institution=${otherInstitutionId}&type=test_doc`)).toEqual([foreign.id]);
    const rdas = await get(admin, '/api/file/?type=rda');
    const rdaCount = rdas.json<{ count: number }>().count;
    expect(rdaCount).toBeGreaterThan(0);
    // New RDAs await their signature (status 1); none is fully executed (3) yet in this file.
    const byStatus = (query: string) =>
      get(admin, `/api/file/?${query}`).then((response) => response.json<{ count: number }>().count);
    expect(await byStatus('type=rda&rda_info__status=1')).toBe(rdaCount);
    expect(await byStatus('type=rda&rda_info__status__in=2,3')).toBe(0);
    expect(await byStatus('type=test_doc&rda_info__status=1')).toBe(0);
    const page = (await get(researcher, `/api/file/?id=${own.id}&expand=creator`)).json<{
      count: number;
      results: { creator: unknown }[];
    }>();
    expect(page.count).toBe(1);
    expect(page.results[0]!.creator).toEqual({ id: researcherId, display_name: 'Rita Member' });
  });

  it('pages with the list envelope', async () => {
    const response = await get(researcher, '/api/file/?limit=1');
    const body = response.json<{ count: number; next: string | null; results: unknown[] }>();
    expect(body.results).toHaveLength(1);
    expect(body.count).toBeGreaterThan(1);
    expect(body.next).toContain('offset=1');
  });

  it('answers unknown filters and bad values with 400', async () => {
    expect(errorBody(await get(researcher, '/api/file/?owner=1'))).toBeDefined();
    expect((await get(researcher, '/api/file/?owner=1')).statusCode).toBe(400);
    const bad = await get(researcher, '/api/file/?id__in=1,x');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toMatchObject({ id__in: ['Enter a whole number.'] });
    expect(errorBody(await get(researcher, '/api/file/?expand=owner'))).toMatchObject({
      expand: ['Unknown relation: owner.'],
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/file/' })).statusCode).toBe(401);
  });
});

describe('GET file/download/', () => {
  let first: FileDto;
  let second: FileDto;
  let foreign: FileDto;
  beforeAll(async () => {
    first = await uploaded({ name: 'same.pdf' });
    second = await uploaded({ name: 'same.pdf' });
    const otherMember = await t.createUser({
      roles: ['primary_researcher'],
      institutionId: otherInstitutionId,
    });
    foreign = (
      await upload(
        await t.tokenFor(otherMember.email),
        { type: 'test_doc', institution: String(otherInstitutionId) },
        { name: 'foreign.pdf', content: PDF },
      )
    ).json<FileDto>();
  });

  it('zips the selected files under the chosen name', async () => {
    const response = await get(
      researcher,
      `/api/file/download/?selected_files=${first.id},${second.id}&zip_file_name=project files`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="project files.zip"');
    expect(await listZipEntries(response.rawPayload)).toEqual([
      { title: 'same.pdf', is_dir: false },
      { title: 'same (2).pdf', is_dir: false },
    ]);
  });

  it('answers 404 and no zip when any selected file is not the caller’s to read', async () => {
    const response = await get(researcher, `/api/file/download/?selected_files=${first.id},${foreign.id}`);
    expect(response.statusCode).toBe(404);
    expect(errorBody(response).detail).toBeDefined();
    expect((await get(researcher, `/api/file/download/?selected_files=${first.id},999999`)).statusCode).toBe(
      404,
    );
    // Staff may read both.
    const staff = await get(admin, `/api/file/download/?selected_files=${first.id},${foreign.id}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-disposition']).toBe('attachment; filename=files.zip');
  });

  it('answers a malformed selection with 400', async () => {
    for (const query of [
      '',
      '?selected_files=',
      '?selected_files=1,a',
      '?selected_files=0',
      `?selected_files=${first.id}&zip_file_name=`,
    ]) {
      const response = await get(researcher, `/api/file/download/${query}`);
      expect(response.statusCode, query).toBe(400);
      errorBody(response);
    }
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1).join(',');
    expect((await get(researcher, `/api/file/download/?selected_files=${tooMany}`)).statusCode).toBe(400);
  });
});

describe('file names outside Latin-1', () => {
  const NAMES = ['数据.pdf', 'Müller–report.pdf', 'report 😀.pdf', 'שלום\u200F.pdf'];
  /** The name a browser saves the download under: `filename*` (RFC 5987) when present. */
  const savedName = (header: string | number | string[] | undefined) =>
    parseDisposition(String(header)).parameters.filename;

  it('upload and download under their own names, as a file, through a signed link and in a zip', async () => {
    const ids: number[] = [];
    for (const name of NAMES) {
      const created = await uploaded({}, { name, content: PDF });
      expect(created.name).toBe(name);
      ids.push(created.id);

      const download = await get(researcher, `/api/file/${created.id}/download/`);
      expect(download.statusCode, download.body).toBe(200);
      expect(savedName(download.headers['content-disposition'])).toBe(name);
      expect(download.headers['cache-control']).toBe('no-store');
      // An ASCII fallback for clients that do not read filename*.
      expect(String(download.headers['content-disposition'])).toMatch(
        /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
      );

      const { signed_url } = (
        await get(researcher, `/api/file/${created.id}/?signed_url=True`)
      ).json<FileDto>();
      const signed = await t.app.inject({ url: new URL(signed_url!).pathname + new URL(signed_url!).search });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(savedName(signed.headers['content-disposition'])).toBe(name);
    }
    const zip = await get(
      researcher,
      `/api/file/download/?selected_files=${ids.join(',')}&zip_file_name=${encodeURIComponent('数据 2024')}`,
    );
    expect(zip.statusCode, zip.body).toBe(200);
    expect(savedName(zip.headers['content-disposition'])).toBe('数据 2024.zip');
    expect((await listZipEntries(zip.rawPayload)).map((entry) => entry.title)).toEqual(NAMES);
  });

  it('never lets control characters or bidirectional overrides into the saved name', async () => {
    const created = await uploaded({}, { name: 'invoice\u202Efdp.exe', content: PDF });
    const download = await get(researcher, `/api/file/${created.id}/download/`);
    expect(download.statusCode).toBe(200);
    expect(savedName(download.headers['content-disposition'])).toBe('invoice_fdp.exe');
  });
});

describe('GET file/list_files/', () => {
  let archive: FileDto;
  let pdf: FileDto;
  beforeAll(async () => {
    const yazl = (await import('yazl')).default;
    const zip = new yazl.ZipFile();
    zip.addEmptyDirectory('images/');
    zip.addBuffer(Buffer.from('scan'), 'images/slide-1.tif');
    zip.addBuffer(Buffer.from('notes'), 'notes.txt');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk as Buffer));
    const response = await upload(
      researcher,
      { type: 'test_bundle', institution: String(institutionId) },
      { name: 'slides.zip', content: Buffer.concat(chunks), type: 'application/x-zip-compressed' },
    );
    expect(response.statusCode, response.body).toBe(201);
    archive = response.json<FileDto>();
    expect(archive.file_type).toBe('application/zip');
    pdf = await uploaded();
  });

  const entries = [
    { title: 'images/', is_dir: true },
    { title: 'images/slide-1.tif', is_dir: false },
    { title: 'notes.txt', is_dir: false },
  ];

  it('lists a stored zip by id or by name', async () => {
    expect((await get(researcher, `/api/file/list_files/?id=${archive.id}`)).json()).toEqual(entries);
    expect((await get(researcher, '/api/file/list_files/?zip_file_name=slides.zip')).json()).toEqual(entries);
  });

  it('answers {message} when there is nothing the caller may list', async () => {
    const notFound = { message: 'The archive was not found.' };
    expect((await get(researcher, '/api/file/list_files/?zip_file_name=missing.zip')).json()).toEqual(
      notFound,
    );
    expect((await get(outsider, `/api/file/list_files/?id=${archive.id}`)).json()).toEqual(notFound);
    expect((await get(outsider, '/api/file/list_files/?zip_file_name=slides.zip')).json()).toEqual(notFound);
    const notZip = await get(researcher, `/api/file/list_files/?id=${pdf.id}`);
    expect(notZip.statusCode).toBe(200);
    expect(notZip.json()).toEqual({ message: 'The file is not a zip archive.' });
  });

  it('needs exactly one of id and zip_file_name', async () => {
    for (const query of ['', `?id=${archive.id}&zip_file_name=slides.zip`, '?id=abc', '?path=x']) {
      const response = await get(researcher, `/api/file/list_files/${query}`);
      expect(response.statusCode, query).toBe(400);
      errorBody(response);
    }
  });
});

describe('PATCH file/{id}/', () => {
  const REVISED = Buffer.from('%PDF-1.7\n% revised\n%%EOF\n');

  it('replaces the bytes for staff, scanned, with history, keeping it a PDF', async () => {
    const file = await uploaded({ name: 'v1.pdf' });
    const response = await replace(
      admin,
      file.id,
      { name: 'v2.pdf' },
      { name: 'ignored.pdf', content: REVISED },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FileDto>()).toMatchObject({ id: file.id, name: 'v2.pdf', size: REVISED.length });
    const read = (await get(researcher, `/api/file/${file.id}/?base64=true`)).json<FileDto>();
    expect(Buffer.from(read.base64!, 'base64').equals(REVISED)).toBe(true);
    const audit = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'file'), eq(history.objectId, String(file.id))));
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);

    const notPdf = await replace(admin, file.id, {}, { name: 'v3.pdf', content: Buffer.from('plain text') });
    expect(notPdf.statusCode).toBe(400);
    expect(errorBody(notPdf)).toMatchObject({ file: ['The file must be a PDF.'] });

    const infected = await replace(admin, file.id, {}, { name: 'v3.pdf', content: eicar() });
    expect(infected.statusCode).toBe(412);
    expect(errorBody(infected).detail).toBe('File v3.pdf did not pass virus scan');
    const after = (await get(admin, `/api/file/${file.id}/?base64=true`)).json<FileDto>();
    expect(Buffer.from(after.base64!, 'base64').equals(REVISED)).toBe(true);
  });

  it('passes other fields to the owning module and keeps JSON PATCH working', async () => {
    const file = await uploaded();
    const viaForm = await replace(researcher, file.id, { note: 'from a form' });
    expect(viaForm.statusCode, viaForm.body).toBe(200);
    expect(viaForm.json<FileDto>().additional_data).toMatchObject({ note: 'from a form' });
    const viaJson = await t.app.inject({
      method: 'PATCH',
      url: `/api/file/${file.id}/`,
      headers: auth(researcher),
      payload: { note: 'from JSON' },
    });
    expect(viaJson.statusCode).toBe(200);
    expect(viaJson.json<FileDto>().additional_data).toMatchObject({ note: 'from JSON' });
  });

  it('refuses new bytes from those who may only read the file, and hides it from others', async () => {
    const file = await uploaded();
    expect((await replace(researcher, file.id, {}, { name: 'x.pdf', content: REVISED })).statusCode).toBe(
      403,
    );
    expect((await replace(outsider, file.id, {}, { name: 'x.pdf', content: REVISED })).statusCode).toBe(404);
    const empty = await replace(admin, file.id, {});
    expect(empty.statusCode).toBe(400);
    expect(errorBody(empty)).toMatchObject({ file: ['Choose a file to upload.'] });
  });

  it('lets an administrator upload a revised RDA', async () => {
    const { institution } = await t.institutionWithOfficial('Revised RDA University');
    const rdaId = institution.current_rda!;
    const response = await replace(
      admin,
      rdaId,
      { comments: 'Revised by counsel' },
      { name: 'rda-revised.pdf', content: REVISED },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FileDto>()).toMatchObject({ name: 'rda-revised.pdf', size: REVISED.length });
    expect(response.json<FileDto>().additional_data).toMatchObject({ comments: 'Revised by counsel' });
  });
});

describe('the scanner', () => {
  it('refuses uploads with 503 while clamd cannot be reached, storing nothing', async () => {
    // A port nothing listens on: clamd is configured but down.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const down = await createTestContext({
      config: { CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(closed) },
    });
    try {
      down.app.fileTypes.register('test_doc', testPolicy({ pdfOnly: true }));
      const user = await down.createUser({ roles: ['primary_researcher'] });
      const [row] = await down.database.db
        .select({ institutionId: userInstitutions.institutionId })
        .from(userInstitutions)
        .where(eq(userInstitutions.userId, user.id));
      const body = multipart(
        { type: 'test_doc', institution: String(row!.institutionId) },
        { name: 'a.pdf', content: PDF },
      );
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/file/',
        headers: { ...auth(await down.tokenFor(user.email)), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(503);
      expect(errorBody(response).detail).toBe(
        'Files cannot be scanned for viruses right now. Please try again later.',
      );
      const stored = await down.database.db.select().from(files).where(eq(files.type, 'test_doc'));
      expect(stored).toEqual([]);
    } finally {
      await down.close();
    }
  });

  it('fails, never skips, with a one-line instruction when clamd is not installed', async () => {
    const saved = process.env.CLAMD_BIN;
    process.env.CLAMD_BIN = '/nonexistent/clamd';
    try {
      await expect(startClamd()).rejects.toThrow(CLAMD_MISSING);
      expect(CLAMD_MISSING).toContain('apt-get install clamav-daemon');
      expect(CLAMD_MISSING).not.toContain('\n');
    } finally {
      if (saved === undefined) delete process.env.CLAMD_BIN;
      else process.env.CLAMD_BIN = saved;
    }
  });
});
