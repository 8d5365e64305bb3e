import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDto } from '@rrp/domain';
import type { FileTypePolicy } from './files.service';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { startClamd, type RunningClamd } from '../../../test/clamd.mjs';
import { multipartBody } from '../../../test/multipart';

/**
 * Opening a document in the browser (issue 30 item 4, decision 335): the signed link of a PDF asked
 * for `inline` shows it in the browser's PDF viewer; every other type, and every link not asked
 * for that way, downloads.
 */
let clamd: RunningClamd;
let t: TestContext;
let token: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** A type anyone may upload and read, so the test is about serving, not permissions. */
const openPolicy: FileTypePolicy = {
  subject: 'Institution',
  subjectOf: async (_tx, _file, actor) => ({ memberIds: [actor.userId] }),
  authorizeCreate: async () => ({ additionalData: {} }),
};

beforeAll(async () => {
  clamd = await startClamd();
  t = await createTestContext({
    config: { CLAMAV_HOST: clamd.host, CLAMAV_PORT: String(clamd.port) },
  });
  t.app.fileTypes.register('test_open', openPolicy);
  const user = await t.createUser({ roles: ['primary_researcher'] });
  token = await t.tokenFor(user.email);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await clamd?.stop();
});

async function uploaded(name: string, content: Buffer, type: string): Promise<FileDto> {
  const body = multipartBody({ type: 'test_open' }, { name, content, type });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FileDto>();
}

/** The signed link GET file/{id}/ answers for `query`, followed without a session. */
async function followSignedLink(id: number, query: string) {
  const read = await t.app.inject({ url: `/api/file/${id}/?${query}`, headers: auth(token) });
  expect(read.statusCode, read.body).toBe(200);
  const link = new URL(read.json<FileDto>().signed_url!);
  return { link, answer: await t.app.inject({ url: link.pathname + link.search }) };
}

describe('opening a document in the browser', () => {
  it('shows a PDF asked for inline, under its name, with a policy its viewer can run under', async () => {
    const pdf = await uploaded('Proposal summary.pdf', PDF, 'application/pdf');
    const { answer } = await followSignedLink(pdf.id, 'signed_url=True&inline=True');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('inline; filename="Proposal summary.pdf"');
    // Chrome's PDF viewer is an embedded object: `object-src 'none'` would leave the window blank.
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toContain("object-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.rawPayload.equals(PDF)).toBe(true);
  });

  it('downloads the same PDF when it is not asked for inline', async () => {
    const pdf = await uploaded('IRB protocol.pdf', PDF, 'application/pdf');
    const { link, answer } = await followSignedLink(pdf.id, 'signed_url=True');
    expect(link.searchParams.has('disposition')).toBe(false);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="IRB protocol.pdf"');
    const download = await t.app.inject({ url: `/api/file/${pdf.id}/download/`, headers: auth(token) });
    expect(download.headers['content-disposition']).toBe('attachment; filename="IRB protocol.pdf"');
    expect(download.headers['content-type']).toBe('application/pdf');
  });

  it('never shows another type in the browser, even when the link is rewritten to ask', async () => {
    const page = await uploaded('page.html', HTML, 'text/html');
    const { link, answer } = await followSignedLink(page.id, 'signed_url=True&inline=True');
    expect(link.searchParams.has('disposition')).toBe(false);
    expect(String(answer.headers['content-disposition'])).toMatch(/^attachment;/);
    link.searchParams.set('disposition', 'inline');
    const forced = await t.app.inject({ url: link.pathname + link.search });
    expect(forced.statusCode).toBe(200);
    expect(String(forced.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('answers a bad inline flag or disposition with 400', async () => {
    const pdf = await uploaded('a.pdf', PDF, 'application/pdf');
    const bad = await t.app.inject({ url: `/api/file/${pdf.id}/?inline=maybe`, headers: auth(token) });
    expect(bad.statusCode).toBe(400);
    const { link } = await followSignedLink(pdf.id, 'signed_url=True&inline=True');
    link.searchParams.set('disposition', 'embed');
    expect((await t.app.inject({ url: link.pathname + link.search })).statusCode).toBe(400);
  });
});
