import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { CART_MESSAGES, DONOR_MESSAGES, type CartDto, type DonorDto } from '@rrp/domain';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { createProject, createRequest } from '../../db/factories';
import { abnCarts, history, requestReviewers, requests } from '../../db/schema';
import { seedDemoTissue } from '../../db/demo-tissue';

/**
 * Tissue collections (staff §3 abn_cart, §4.9, §5, §7; researcher §3, §4, §5): names unique per
 * PI, donors of one set, restricted donors for staff only, one request per collection, who may
 * change or delete it and when, and the CSV download.
 */
let t: TestContext;
let alice: { id: number; email: string; token: string; projectId: number };
let bob: { id: number; email: string; token: string; projectId: number };
let outsider: string;
let manager: string;
let admin: string;
let tissueReviewer: { id: number; token: string };
let open: DonorDto[];
let restricted: DonorDto[];
let pilotDonor: DonorDto;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), payload });
const cartCount = async () => (await t.database.db.select({ n: count() }).from(abnCarts))[0]!.n;

/** A researcher whose ABN Data Access request is approved, with a project. */
async function approvedResearcher(title: string) {
  const user = await t.createUser({ roles: ['primary_researcher'] });
  const project = await createProject(t.database.db, { ownerId: user.id, title });
  await createRequest(t.database.db, { projectId: project.id, typeId: 6, statusId: 4 });
  return { ...user, token: await t.tokenFor(user.email), projectId: project.id };
}
const tissueRequest = (projectId: number, typeId: 7 | 8, statusId = 1) =>
  createRequest(t.database.db, { projectId, typeId, statusId, displayName: 'Tissue Request' });
const setStatus = (id: number, statusId: number) =>
  t.database.db.update(requests).set({ statusId }).where(eq(requests.id, id));

beforeAll(async () => {
  t = await createTestContext();
  await t.database.db.transaction((tx) => seedDemoTissue(tx));
  alice = await approvedResearcher('Alice study');
  bob = await approvedResearcher('Bob study');
  outsider = await t.tokenForRole('primary_researcher');
  manager = await t.tokenForRole('abn_proj_mgr');
  admin = await t.tokenForRole('portal_admin');
  const reviewer = await t.createUser({ roles: ['abn_reviewer'] });
  tissueReviewer = { id: reviewer.id, token: await t.tokenFor(reviewer.email) };
  const all = (await call('GET', '/api/abn_data/?limit=2000', admin)).json<{ results: DonorDto[] }>().results;
  open = all.filter((donor) => !donor.restricted);
  restricted = all.filter((donor) => donor.restricted);
  pilotDonor = (await call('GET', '/api/abn_data_pilot/?limit=1&restricted=false', admin)).json<{
    results: DonorDto[];
  }>().results[0]!;
}, 120_000);
afterAll(() => t.close());

describe('POST abn_cart/', () => {
  it('creates a researcher’s collection of donors, in order, audited', async () => {
    const response = await call('POST', '/api/abn_cart/', alice.token, {
      collection_name: '  Cortex cases ',
      identifiers: [open[2]!.donor_hash, open[0]!.donor_hash, open[2]!.donor_hash],
    });
    expect(response.statusCode, response.body).toBe(201);
    const cart = response.json<CartDto>();
    expect(cart).toMatchObject({
      pi: alice.id,
      collection_name: 'Cortex cases',
      pilot_tissue_cart: false,
      identifiers: [open[2]!.donor_hash, open[0]!.donor_hash],
      on_request: false,
      request: null,
      is_editable: true,
      permissions: ['list', 'read', 'update', 'delete'],
    });
    expect(cart.donors!.map((donor) => donor.donor_hash)).toEqual(cart.identifiers);
    const [audit] = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'abn_cart'), eq(history.objectId, String(cart.id))));
    expect(audit).toMatchObject({ action: 'create', modifierId: alice.id });
  });

  it("refuses a missing name, and a name the PI already uses ('A collection by this name…')", async () => {
    const before = await cartCount();
    for (const payload of [{}, { collection_name: '   ' }, { collection_name: null }]) {
      const response = await call('POST', '/api/abn_cart/', alice.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorBody(response).collection_name).toEqual([CART_MESSAGES.nameRequired]);
    }
    const twice = await call('POST', '/api/abn_cart/', alice.token, { collection_name: 'CORTEX CASES' });
    expect(twice.statusCode).toBe(400);
    expect(errorBody(twice).collection_name).toEqual([CART_MESSAGES.nameTaken]);
    expect(await cartCount()).toBe(before);
    // Another PI may use the same name.
    expect(
      (await call('POST', '/api/abn_cart/', bob.token, { collection_name: 'Cortex cases' })).statusCode,
    ).toBe(201);
  });

  it('refuses unknown donors, donors of the other set, and restricted donors from researchers', async () => {
    const before = await cartCount();
    const unknown = await call('POST', '/api/abn_cart/', alice.token, {
      collection_name: 'Unknown',
      identifiers: `${open[0]!.donor_hash}, ABN-00000 ${pilotDonor.donor_hash}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown).identifiers).toEqual([
      CART_MESSAGES.unknownDonors(['ABN-00000', pilotDonor.donor_hash]),
    ]);
    const refused = await call('POST', '/api/abn_cart/', alice.token, {
      collection_name: 'Restricted',
      identifiers: [open[0]!.donor_hash, restricted[0]!.donor_hash],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).identifiers).toEqual([
      CART_MESSAGES.restrictedDonors([restricted[0]!.donor_hash]),
    ]);
    expect(await cartCount()).toBe(before);
    const pilot = await call('POST', '/api/abn_cart/', alice.token, {
      collection_name: 'Pilot',
      pilot_tissue_cart: true,
      identifiers: [pilotDonor.donor_hash],
    });
    expect(pilot.statusCode).toBe(201);
    expect(pilot.json<CartDto>().pilot_tissue_cart).toBe(true);
  });

  it('is closed to researchers without ABN data access, and to collections of someone else', async () => {
    const refused = await call('POST', '/api/abn_cart/', outsider, { collection_name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(errorBody(refused).detail).toBe(DONOR_MESSAGES.noAccess);
    const other = await call('POST', '/api/abn_cart/', alice.token, {
      collection_name: 'For Bob',
      pi: bob.id,
    });
    expect(other.statusCode).toBe(400);
    expect(errorBody(other).pi).toEqual([CART_MESSAGES.ownPiOnly]);
  });

  it('lets the tissue project manager build one for a researcher and request, restricted donors too', async () => {
    const noPi = await call('POST', '/api/abn_cart/', manager, { collection_name: 'For someone' });
    expect(errorBody(noPi).pi).toEqual([CART_MESSAGES.choosePi]);
    const staffMember = await t.createUser({ roles: ['portal_reviewer'] });
    const notPi = await call('POST', '/api/abn_cart/', manager, { collection_name: 'X', pi: staffMember.id });
    expect(errorBody(notPi).pi).toEqual([CART_MESSAGES.notAResearcher]);

    const request = await tissueRequest(bob.projectId, 8);
    const wrongPi = await call('POST', '/api/abn_cart/', manager, {
      collection_name: 'X',
      pi: alice.id,
      request: request.id,
    });
    expect(errorBody(wrongPi).request).toEqual([CART_MESSAGES.requestOfAnotherPi]);
    const wrongSet = await call('POST', '/api/abn_cart/', manager, {
      collection_name: 'X',
      pi: bob.id,
      request: request.id,
      pilot_tissue_cart: true,
    });
    expect(errorBody(wrongSet).request).toEqual([CART_MESSAGES.pilotMismatch(true)]);
    const dataRequest = await createRequest(t.database.db, { projectId: bob.projectId, typeId: 6 });
    const wrongType = await call('POST', '/api/abn_cart/', manager, {
      collection_name: 'X',
      pi: bob.id,
      request: dataRequest.id,
    });
    expect(errorBody(wrongType).request).toEqual([CART_MESSAGES.requestType]);

    const made = await call('POST', '/api/abn_cart/', manager, {
      collection_name: 'Chosen by the manager',
      pi: bob.id,
      request: request.id,
      identifiers: [restricted[0]!.donor_hash, open[5]!.donor_hash],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<CartDto>()).toMatchObject({
      pi: bob.id,
      on_request: true,
      request: { id: request.id, status: 1, status_name: 'Created', type: 8 },
    });
    // One collection per request.
    const second = await call('POST', '/api/abn_cart/', manager, {
      collection_name: 'Another',
      pi: bob.id,
      request: request.id,
    });
    expect(errorBody(second).request).toEqual([CART_MESSAGES.requestHasCart]);
    const viaPatch = (
      await call('POST', '/api/abn_cart/', bob.token, { collection_name: 'Spare' })
    ).json<CartDto>();
    const taken = await call('PATCH', `/api/abn_cart/${viaPatch.id}/`, bob.token, { request: request.id });
    expect(errorBody(taken).request).toEqual([CART_MESSAGES.requestHasCart]);
  });
});

describe('GET abn_cart/', () => {
  it('shows researchers their own, staff everyone’s, reviewers those of requests they review', async () => {
    const mine = (await call('GET', '/api/abn_cart/', alice.token)).json<{ results: CartDto[] }>().results;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((cart) => cart.pi === alice.id)).toBe(true);
    const byPi = (await call('GET', `/api/abn_cart/?pi=${bob.id}`, manager)).json<{ results: CartDto[] }>()
      .results;
    expect(byPi.length).toBe(3);
    const onRequest = (
      await call('GET', `/api/abn_cart/?pi=${bob.id}&on_request=true&expand=donors`, manager)
    ).json<{
      results: CartDto[];
    }>().results;
    expect(onRequest).toHaveLength(1);
    expect(onRequest[0]!.donors).toHaveLength(2);

    expect((await call('GET', '/api/abn_cart/', tissueReviewer.token)).json().count).toBe(0);
    await t.database.db
      .insert(requestReviewers)
      .values({ requestId: onRequest[0]!.request!.id, userId: tissueReviewer.id });
    const reviewed = (await call('GET', '/api/abn_cart/', tissueReviewer.token)).json<{
      results: CartDto[];
    }>().results;
    expect(reviewed.map((cart) => cart.id)).toEqual([onRequest[0]!.id]);
    expect(reviewed[0]!.is_editable).toBe(false);
    expect((await call('GET', `/api/abn_cart/${onRequest[0]!.id}/`, tissueReviewer.token)).statusCode).toBe(
      200,
    );
    // Someone else's collection is not found.
    expect((await call('GET', `/api/abn_cart/${onRequest[0]!.id}/`, alice.token)).statusCode).toBe(404);
  });
});

describe('GET abn_data/?cart= (collection mode)', () => {
  it('lists the donors of a collection the caller may read, with the filters', async () => {
    const cart = (
      await call('POST', '/api/abn_cart/', alice.token, {
        collection_name: 'Filtered',
        identifiers: open.slice(20, 30).map((donor) => donor.donor_hash),
      })
    ).json<CartDto>();
    const donors = (await call('GET', `/api/abn_data/?cart=${cart.id}&limit=100`, alice.token)).json<{
      results: DonorDto[];
    }>().results;
    expect(donors.map((donor) => donor.donor_hash).sort()).toEqual([...cart.identifiers].sort());
    const older = (await call('GET', `/api/abn_data/?cart=${cart.id}&age__gte=26`, alice.token)).json<{
      results: DonorDto[];
    }>().results;
    expect(older.every((donor) => donor.age! >= 26 && cart.identifiers.includes(donor.donor_hash))).toBe(
      true,
    );
    expect((await call('GET', `/api/abn_data/?cart=${cart.id}`, bob.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/abn_data/?cart=${cart.id}`, manager)).statusCode).toBe(200);
    expect((await call('GET', '/api/abn_data/?cart=x', manager)).statusCode).toBe(400);
  });
});

describe('PATCH abn_cart/{id}/', () => {
  it('lets the owner change it while it has no request, or its request is new or returned', async () => {
    const request = await tissueRequest(alice.projectId, 8);
    const cart = (
      await call('POST', '/api/abn_cart/', alice.token, {
        collection_name: 'Changing',
        identifiers: [open[10]!.donor_hash],
        request: request.id,
      })
    ).json<CartDto>();
    for (const status of [1, 2, 6]) {
      await setStatus(request.id, status);
      const response = await call('PATCH', `/api/abn_cart/${cart.id}/`, alice.token, {
        identifiers: [open[10]!.donor_hash, open[11 + status]!.donor_hash],
      });
      expect(response.statusCode, `status ${status}`).toBe(200);
      expect(response.json<CartDto>().is_editable).toBe(true);
    }
    await setStatus(request.id, 3);
    const view = (await call('GET', `/api/abn_cart/${cart.id}/`, alice.token)).json<CartDto>();
    expect(view.is_editable).toBe(false);
    const locked = await call('PATCH', `/api/abn_cart/${cart.id}/`, alice.token, {
      collection_name: 'Renamed',
    });
    expect(locked.statusCode).toBe(400);
    expect(errorBody(locked).non_field_errors).toEqual([CART_MESSAGES.notEditable('Under Review')]);
    // Tissue staff may still change it under review, not once it is approved.
    expect(
      (await call('PATCH', `/api/abn_cart/${cart.id}/`, manager, { collection_name: 'Renamed' })).statusCode,
    ).toBe(200);
    await setStatus(request.id, 4);
    const approved = await call('PATCH', `/api/abn_cart/${cart.id}/`, manager, { collection_name: 'Again' });
    expect(errorBody(approved).non_field_errors).toEqual([CART_MESSAGES.notEditable('Approved')]);
    const [row] = await t.database.db.select().from(abnCarts).where(eq(abnCarts.id, cart.id));
    expect(row!.collectionName).toBe('Renamed');
  });

  it('refuses a taken name, a restricted donor, and other people', async () => {
    const cart = (
      await call('POST', '/api/abn_cart/', alice.token, { collection_name: 'Second' })
    ).json<CartDto>();
    const taken = await call('PATCH', `/api/abn_cart/${cart.id}/`, alice.token, {
      collection_name: 'cortex cases',
    });
    expect(errorBody(taken).collection_name).toEqual([CART_MESSAGES.nameTaken]);
    const restrictedDonor = await call('PATCH', `/api/abn_cart/${cart.id}/`, alice.token, {
      identifiers: [restricted[1]!.donor_hash],
    });
    expect(errorBody(restrictedDonor).identifiers).toEqual([
      CART_MESSAGES.restrictedDonors([restricted[1]!.donor_hash]),
    ]);
    expect(
      (await call('PATCH', `/api/abn_cart/${cart.id}/`, bob.token, { collection_name: 'Mine now' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/abn_cart/${cart.id}/`, alice.token, { colour: 'red' })).statusCode,
    ).toBe(400);
  });
});

describe('DELETE abn_cart/{id}/ and the CSV', () => {
  it('refuses to delete a collection with a request; deletes one without', async () => {
    const request = await tissueRequest(alice.projectId, 7);
    const cart = (
      await call('POST', '/api/abn_cart/', alice.token, {
        collection_name: 'Pilot on request',
        pilot_tissue_cart: true,
        request: request.id,
      })
    ).json<CartDto>();
    const refused = await call('DELETE', `/api/abn_cart/${cart.id}/`, alice.token);
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).non_field_errors).toEqual([CART_MESSAGES.hasRequests]);
    expect((await call('GET', `/api/abn_cart/${cart.id}/`, alice.token)).statusCode).toBe(200);
    const spare = (
      await call('POST', '/api/abn_cart/', alice.token, { collection_name: 'Spare' })
    ).json<CartDto>();
    expect((await call('DELETE', `/api/abn_cart/${spare.id}/`, bob.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/abn_cart/${spare.id}/`, alice.token)).statusCode).toBe(204);
    expect((await call('GET', `/api/abn_cart/${spare.id}/`, alice.token)).statusCode).toBe(404);
  });

  it('downloads the collection as CSV', async () => {
    const cart = (await call('GET', '/api/abn_cart/?collection_name=Cortex cases', alice.token)).json<{
      results: CartDto[];
    }>().results[0]!;
    const csv = await call('GET', `/api/abn_cart/${cart.id}/download/`, alice.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('Cortex cases.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Donor Hash,Diagnosis,Confirmation Status,Age,Sex,Left Hemisphere/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(cart.identifiers);
    expect((await call('GET', `/api/abn_cart/${cart.id}/download/`, bob.token)).statusCode).toBe(404);
  });
});
