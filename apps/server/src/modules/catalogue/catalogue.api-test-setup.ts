import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { cohorts } from '../../db/schema';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/** Sample types, dataset access records and the public pages (public resources and researchers). */
export let t: TestContext;
export let admin: string;
export let accessAdmin: string;
export let researcher: { id: number; email: string; token: string };
export let sparkId: number;

export const ENDPOINT = '7d2e9a10-4b3c-4d5e-8f6a-1b2c3d4e5f60';
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export async function get(url: string, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
}
export async function send(
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
  token: string | null = admin,
) {
  return t.app.inject({ method, url, headers: token ? auth(token) : {}, payload });
}

/** Registers the file's set-up and tear-down; every test file of this set calls it once. */
export function setUpCatalogueApi(): void {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.tokenForRole('portal_admin');
    accessAdmin = await t.tokenForRole('access_admin');
    const r = await t.createUser({ roles: ['primary_researcher'], firstName: 'Rosa', lastName: 'Franklin' });
    researcher = { ...r, token: await t.tokenFor(r.email) };
    sparkId = (await t.database.db.select().from(cohorts).where(eq(cohorts.name, 'SPARK')))[0]!.id;
  });
  afterAll(() => t.close());
}
