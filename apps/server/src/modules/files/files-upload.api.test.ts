import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FILE_MESSAGES, type FileDto } from '@rrp/domain';
import { history } from '../../db/schema';
import { auth, errorBody } from '../../../test/test-app';
import { eicar } from '../../../test/clamd.mjs';
import {
  t,
  admin,
  researcher,
  researcherId,
  outsider,
  institutionId,
  UPLOAD_LIMIT_MB,
  PDF,
  type Part,
  multipart,
  upload,
  uploaded,
  fileRows,
  storedBytes,
  get,
  setUpFilesApi,
} from './files.api-test-setup';

setUpFilesApi();

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
