import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseDisposition } from 'content-disposition';
import type { FileDto } from '@rrp/domain';
import { listZipEntries } from '../../platform/files/zip';
import { errorBody } from '../../../test/test-app';
import {
  t,
  admin,
  researcher,
  PDF,
  uploaded,
  uploadedElsewhere,
  get,
  setUpFilesApi,
} from './files.api-test-setup';

setUpFilesApi();

describe('GET file/download/', () => {
  let first: FileDto;
  let second: FileDto;
  let foreign: FileDto;
  beforeAll(async () => {
    first = await uploaded({ name: 'same.pdf' });
    second = await uploaded({ name: 'same.pdf' });
    foreign = await uploadedElsewhere('foreign.pdf');
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
