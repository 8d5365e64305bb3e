import { createServer, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FileDto } from '@rrp/domain';
import { files, history, userInstitutions } from '../../db/schema';
import { auth, createTestContext, errorBody } from '../../../test/test-app';
import { CLAMD_MISSING, eicar, startClamd } from '../../../test/clamd.mjs';
import {
  t,
  admin,
  researcher,
  outsider,
  institutionId,
  PDF,
  testPolicy,
  multipart,
  upload,
  replace,
  uploaded,
  get,
  setUpFilesApi,
} from './files.api-test-setup';

setUpFilesApi();

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
