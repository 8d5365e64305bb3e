import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { type DatasetDto } from '@rrp/domain';
import { cohorts } from '../../db/schema';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/** Datasets: the form's rules, versions, allowed users, the catalogue's files, lists and who sees what. */
export let t: TestContext;
export let admin: string;
export let accessAdmin: string;
export let superuser: string;
export let researcher: { id: number; email: string; token: string };
export let sparkId: number;
export let sscId: number;

export const ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const UUID = '0b6f7c4e-2a51-4f0a-9d3c-5e8f1a2b3c4d';
export const ENDPOINT = '7d2e9a10-4b3c-4d5e-8f6a-1b2c3d4e5f60';

export const valid = (overrides: Record<string, unknown> = {}) => ({
  name: `Dataset ${randomBytes(3).toString('hex')}`,
  description: '<p>Phenotype data.</p>',
  cohort: sparkId,
  type: 1,
  origin: 1,
  release_date: '2024-05-01',
  data_access: 's3://bucket/path/',
  ...overrides,
});

export async function post(url: string, payload: unknown, token = admin) {
  return t.app.inject({ method: 'POST', url, headers: auth(token), payload: payload as object });
}
export async function patch(url: string, payload: unknown, token = admin) {
  return t.app.inject({ method: 'PATCH', url, headers: auth(token), payload: payload as object });
}
export async function get(url: string, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
}
export async function created(overrides: Record<string, unknown> = {}): Promise<DatasetDto> {
  const response = await post('/api/dataset/', valid(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DatasetDto>();
}

function multipart(fields: Record<string, string>, file: { name: string; content: Buffer; type: string }) {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  type: string,
  file: { name: string; content: Buffer; type: string },
  token = admin,
  fields: Record<string, string> = {},
) {
  const body = multipart({ type, ...fields }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Registers the file's set-up and tear-down; every test file of this set calls it once. */
export function setUpDatasetsApi(): void {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.tokenForRole('portal_admin');
    accessAdmin = await t.tokenForRole('access_admin');
    superuser = await t.tokenForRole('superuser');
    const r = await t.createUser({ roles: ['primary_researcher'] });
    researcher = { ...r, token: await t.tokenFor(r.email) };
    const rows = await t.database.db.select().from(cohorts);
    sparkId = rows.find((row) => row.name === 'SPARK')!.id;
    sscId = rows.find((row) => row.name === 'SSC')!.id;
  });
  afterAll(() => t.close());
}
