import { expect, test } from '../support/test';
import { DEMO_PASSWORD } from '../support/session';

/** The EICAR anti-virus test file, assembled here so that no file of the repository is flagged. */
const EICAR = Buffer.from(
  ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS', '-TEST-FILE!$H+H*'].join(''),
  'latin1',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// Uploads over real HTTP (multipart on the wire) to the real server, scanned by the real clamd
// that e2e/scripts/serve.mjs starts; the IRB letter screen itself is the projects journey's.
test.describe('files over HTTP with a real virus scanner', () => {
  test('a researcher is refused the EICAR file, uploads an IRB letter and downloads it zipped', async ({
    request,
  }) => {
    const login = await request.post('/api/api-token-auth/', {
      data: { email: 'primary_researcher@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const headers = { authorization: `JWT ${(await login.json()).token}` };
    const irb = JSON.stringify({ designation: 2, approval_date: '2024-01-15' });

    const infected = await request.post('/api/file/', {
      headers,
      multipart: {
        type: 'irb',
        additional_data: irb,
        file: { name: 'irb-letter.pdf', mimeType: 'application/pdf', buffer: EICAR },
      },
    });
    expect(infected.status()).toBe(412);
    expect((await infected.json()).detail).toBe('File irb-letter.pdf did not pass virus scan');

    const clean = await request.post('/api/file/', {
      headers,
      multipart: {
        type: 'irb',
        additional_data: irb,
        file: { name: 'irb-letter.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(clean.status()).toBe(201);
    const file = await clean.json();
    expect(file).toMatchObject({ name: 'irb-letter.pdf', type: 'irb', file_type: 'application/pdf' });

    const zip = await request.get(`/api/file/download/?selected_files=${file.id}&zip_file_name=my irb`, {
      headers,
    });
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    expect(zip.headers()['content-disposition']).toBe('attachment; filename="my irb.zip"');
    const bytes = await zip.body();
    expect(bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(bytes.includes(Buffer.from('irb-letter.pdf'))).toBe(true);

    const listing = await request.get(`/api/file/list_files/?id=${file.id}`, { headers });
    expect(await listing.json()).toEqual({ message: 'The file is not a zip archive.' });

    const foreign = await request.get('/api/file/download/?selected_files=999999', { headers });
    expect(foreign.status()).toBe(404);
  });
});
