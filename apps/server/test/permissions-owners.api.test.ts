import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createRequest } from '../src/db/factories';
import { seedDemoTissue } from '../src/db/demo-tissue';
import { auth, createTestContext, type TestContext } from './test-app';

/** What an owner reads of their own things where their role alone would not let them. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('owners read their own things (issue 30.3)', () => {
  it('the owner of a collection reads its donors, with or without the catalogue; other researchers do not', async () => {
    const { db } = t.database;
    await db.transaction((tx) => seedDemoTissue(tx));
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const ownerToken = await t.tokenFor(owner.email);
    const project = await createProject(db, { ownerId: owner.id, title: 'Tissue owner project' });
    const request = await createRequest(db, { projectId: project.id, typeId: 8, statusId: 2 });
    const manager = await t.tokenFor((await t.createUser({ roles: ['abn_proj_mgr'] })).email);
    const get = (url: string, token: string) => t.app.inject({ url, headers: auth(token) });
    const donors = (await get('/api/abn_data/?limit=3&restricted=false', manager)).json<{
      results: { donor_hash: string }[];
    }>().results;
    // Tissue staff build the collection for the researcher, on their request (staff §6 abn_proj_mgr).
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/abn_cart/',
      headers: auth(manager),
      payload: {
        collection_name: 'Built by the manager',
        pi: owner.id,
        request: request.id,
        identifiers: donors.map((donor) => donor.donor_hash),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const cartId = made.json<{ id: number }>().id;

    // The owner has no Autism BrainNet data access: the catalogue stays closed, their collection does not.
    expect((await get('/api/abn_data/', ownerToken)).statusCode).toBe(403);
    const own = await get(`/api/abn_data/?cart=${cartId}`, ownerToken);
    expect(own.statusCode, own.body).toBe(200);
    expect(
      own
        .json<{ results: { donor_hash: string }[] }>()
        .results.map((d) => d.donor_hash)
        .sort(),
    ).toEqual(donors.map((donor) => donor.donor_hash).sort());
    // Its page's filter panel and each of its donors' pages open for the owner too.
    expect((await get('/api/abn_data/options/', ownerToken)).statusCode).toBe(403);
    const options = await get(`/api/abn_data/options/?cart=${cartId}`, ownerToken);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json<{ diagnosis: unknown[] }>().diagnosis.length).toBeGreaterThan(0);
    const donorPage = await get(`/api/abn_donor/?donor_hash=${donors[0]!.donor_hash}`, ownerToken);
    expect(donorPage.statusCode, donorPage.body).toBe(200);
    const outside = (await get('/api/abn_data/?limit=1&offset=50', manager)).json<{
      results: { donor_hash: string }[];
    }>().results[0]!;
    expect((await get(`/api/abn_donor/?donor_hash=${outside.donor_hash}`, ownerToken)).statusCode).toBe(403);
    // Another researcher, with or without catalogue access, does not learn it exists.
    const stranger = await t.tokenFor((await t.createUser({ roles: ['primary_researcher'] })).email);
    expect((await get(`/api/abn_data/?cart=${cartId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/abn_data/options/?cart=${cartId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/abn_donor/?donor_hash=${donors[0]!.donor_hash}`, stranger)).statusCode).toBe(403);
    expect((await get('/api/abn_data/options/?cart=x', ownerToken)).statusCode).toBe(400);
  });
});
