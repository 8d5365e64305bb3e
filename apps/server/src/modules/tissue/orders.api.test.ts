import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  TISSUE_ORDER_MESSAGES,
  type CartDto,
  type DonorDto,
  type RequestDto,
  type TissueOrderDto,
} from '@rrp/domain';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeHttp } from '../../../test/fake-http';
import { createProject, createRequest } from '../../db/factories';
import { abnOrders, history, requests } from '../../db/schema';
import { seedDemoTissue } from '../../db/demo-tissue';

/**
 * Orders to BINS (researcher §3 Tissue order, §4, §7 abn_bins_upload, §8; staff §4.2): only for an
 * approved pilot tissue or tissue request, for tissue staff, with donors of the request's collection;
 * BINS is reached over real HTTP (a local fake of its API here) and an outage stores nothing.
 */
let t: TestContext;
let bins: Awaited<ReturnType<typeof startFakeHttp>>;
/** What the fake BINS answers next: an outage, or a receipt. */
let binsDown = false;
let nextOrder = 100;
let admin: string;
let manager: string;
let researcher: { id: number; token: string; projectId: number };
let outsider: string;
let reviewer: string;
let donors: DonorDto[];
let approved: number;

const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), payload });
const orderCount = async () => (await db().select({ n: count() }).from(abnOrders))[0]!.n;
const setStatus = (id: number, statusId: number) =>
  db().update(requests).set({ statusId }).where(eq(requests.id, id));

/** A pilot or tissue request of the researcher with a collection of these donors, in this status. */
async function tissueRequest(statusId: number, hashes: string[], typeId: 7 | 8 = 8) {
  const request = await createRequest(db(), { projectId: researcher.projectId, typeId, statusId: 1 });
  const cart = await call('POST', '/api/abn_cart/', manager, {
    collection_name: `Order collection ${request.id}`,
    identifiers: hashes,
    pi: researcher.id,
    pilot_tissue_cart: typeId === 7,
    request: request.id,
  });
  expect(cart.statusCode, cart.body).toBe(201);
  await setStatus(request.id, statusId);
  return request.id;
}

const order = (requestId: number, overrides: Record<string, unknown> = {}) => ({
  request_id: requestId,
  request_type: 'Tissue',
  name: 'Dana Receiver',
  email: 'dana.receiver@lab.example',
  address_line_1: '1 Lab Way',
  address_line_2: 'Room 204',
  city: 'Boston',
  state: 'MA',
  postal_code: '02115',
  country: 'United States',
  phone_numbers: ['+1 617 555 0100'],
  donors: {
    [donors[0]!.donor_hash]: [
      { hemisphere: 'Left Hemisphere', description: 'Frontal cortex, BA9' },
      { hemisphere: 'Tissue Sections', description: '10 µm sections' },
    ],
  },
  ...overrides,
});

beforeAll(async () => {
  bins = await startFakeHttp(({ method }) => {
    if (binsDown) return { status: 503, json: { detail: 'maintenance' } };
    nextOrder += 1;
    return {
      status: method === 'POST' ? 201 : 200,
      json: {
        orderId: method === 'POST' ? nextOrder : 'kept',
        cases: [
          {
            hash_code: 'H1',
            distribution_id: 77,
            hemisphere: 'Left',
            tissue_type: 'Frozen',
            storage: '-80 C',
            description: null,
          },
        ],
      },
    };
  });
  t = await createTestContext({ config: { BINS_URL: bins.url } });
  await db().transaction((tx) => seedDemoTissue(tx));
  admin = await t.tokenForRole('portal_admin');
  manager = await t.tokenForRole('abn_proj_mgr');
  outsider = await t.tokenForRole('primary_researcher');
  reviewer = await t.tokenForRole('abn_reviewer');
  const owner = await t.createUser({ roles: ['primary_researcher'] });
  const project = await createProject(db(), { ownerId: owner.id, title: 'Orders' });
  researcher = { id: owner.id, token: await t.tokenFor(owner.email), projectId: project.id };
  donors = (await call('GET', '/api/abn_data/?limit=50&restricted=false', admin)).json<{
    results: DonorDto[];
  }>().results;
  approved = await tissueRequest(4, [donors[0]!.donor_hash, donors[1]!.donor_hash]);
}, 120_000);
afterAll(async () => {
  await t.close();
  await bins.close();
});
beforeEach(() => {
  binsDown = false;
});

describe('POST abn_bins_upload/', () => {
  it('sends an approved request’s order to BINS over HTTP and stores it on the request', async () => {
    const sentBefore = bins.requests.length;
    const response = await call('POST', '/api/abn_bins_upload/', manager, order(approved));
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json<TissueOrderDto>();
    expect(sent).toMatchObject({
      request_id: approved,
      request_type: 'Tissue',
      orderId: String(nextOrder),
      name: 'Dana Receiver',
      phone_numbers: ['+1 617 555 0100'],
      cases: [{ hash_code: 'H1', distribution_id: '77', storage: '-80 C' }],
    });
    expect(sent.created_by?.id).toBeGreaterThan(0);
    // BINS received the form as JSON with the request it belongs to.
    const posted = bins.requests.slice(sentBefore);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/orders/');
    expect(JSON.parse(posted[0]!.body)).toMatchObject({
      request_type: 'Tissue',
      request_id: approved,
      email: 'dana.receiver@lab.example',
      donors: {
        [donors[0]!.donor_hash]: [{ hemisphere: 'Left Hemisphere' }, { hemisphere: 'Tissue Sections' }],
      },
    });
    // The request's bins_data holds it, for staff and for the researcher (read-only).
    for (const token of [admin, researcher.token]) {
      const detail = (await call('GET', `/api/request/${approved}/`, token)).json<RequestDto>();
      expect(detail.bins_data?.[0]).toMatchObject({ id: sent.id, orderId: sent.orderId });
    }
    const [audit] = await db().select().from(history).where(eq(history.model, 'abn_order'));
    expect(audit).toMatchObject({ objectId: String(sent.id), action: 'create' });
  });

  it('a second order is a new one; both are listed newest first', async () => {
    const first = (await call('GET', `/api/request/${approved}/`, admin)).json<RequestDto>().bins_data!;
    const response = await call(
      'POST',
      '/api/abn_bins_upload/',
      admin,
      order(approved, {
        donors: { [donors[1]!.donor_hash]: [{ hemisphere: 'Brainstem', description: '' }] },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const orders = (await call('GET', `/api/request/${approved}/`, admin)).json<RequestDto>().bins_data!;
    expect(orders.map((o) => o.id)).toEqual([response.json<TissueOrderDto>().id, ...first.map((o) => o.id)]);
  });

  it('refuses an order before approval, and of a request that is not a tissue request (400, nothing stored)', async () => {
    const underReview = await tissueRequest(3, [donors[2]!.donor_hash]);
    const before = await orderCount();
    const early = await call(
      'POST',
      '/api/abn_bins_upload/',
      manager,
      order(underReview, { donors: { [donors[2]!.donor_hash]: [{ hemisphere: 'Brainstem' }] } }),
    );
    expect(early.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(early))).toContain(TISSUE_ORDER_MESSAGES.notApproved);
    const dataAccess = await createRequest(db(), { projectId: researcher.projectId, typeId: 6, statusId: 4 });
    const wrongType = await call('POST', '/api/abn_bins_upload/', manager, order(dataAccess.id));
    expect(wrongType.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(wrongType))).toContain(TISSUE_ORDER_MESSAGES.notTissue);
    const missing = await call('POST', '/api/abn_bins_upload/', manager, order(2_000_000));
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(missing))).toContain(TISSUE_ORDER_MESSAGES.requestNotFound);
    expect(await orderCount()).toBe(before);
  });

  it('refuses missing or malformed fields with their messages', async () => {
    const before = await orderCount();
    const response = await call(
      'POST',
      '/api/abn_bins_upload/',
      manager,
      order(approved, {
        name: '  ',
        email: 'not-an-email',
        city: undefined,
        phone_numbers: [],
        donors: { [donors[0]!.donor_hash]: [{ hemisphere: 'Whole Body', description: '' }] },
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = JSON.stringify(errorBody(response));
    for (const message of [
      TISSUE_ORDER_MESSAGES.required,
      TISSUE_ORDER_MESSAGES.email,
      TISSUE_ORDER_MESSAGES.phoneRequired,
      TISSUE_ORDER_MESSAGES.choice,
    ])
      expect(body).toContain(message);
    const noDonors = await call('POST', '/api/abn_bins_upload/', manager, order(approved, { donors: {} }));
    expect(noDonors.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(noDonors))).toContain(TISSUE_ORDER_MESSAGES.donorsRequired);
    const noRows = await call(
      'POST',
      '/api/abn_bins_upload/',
      manager,
      order(approved, { donors: { x: [] } }),
    );
    expect(JSON.stringify(errorBody(noRows))).toContain(TISSUE_ORDER_MESSAGES.rowsRequired);
    expect(await orderCount()).toBe(before);
  });

  it('refuses donors outside the request’s collection, and a request without a collection', async () => {
    const before = await orderCount();
    const outside = donors[5]!.donor_hash;
    const response = await call(
      'POST',
      '/api/abn_bins_upload/',
      manager,
      order(approved, { donors: { [outside]: [{ hemisphere: 'Brainstem' }] } }),
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(response))).toContain(TISSUE_ORDER_MESSAGES.notInCollection([outside]));
    const legacy = await createRequest(db(), { projectId: researcher.projectId, typeId: 8, statusId: 4 });
    const noCart = await call('POST', '/api/abn_bins_upload/', manager, order(legacy.id));
    expect(noCart.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(noCart))).toContain(TISSUE_ORDER_MESSAGES.noCollection);
    expect(await orderCount()).toBe(before);
  });

  it('a BINS outage answers "There was an error when trying to post your order." and stores nothing; a retry succeeds', async () => {
    const before = await orderCount();
    binsDown = true;
    const down = await call('POST', '/api/abn_bins_upload/', manager, order(approved));
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ detail: TISSUE_ORDER_MESSAGES.failed });
    expect(await orderCount()).toBe(before);
    binsDown = false;
    const retry = await call('POST', '/api/abn_bins_upload/', manager, order(approved));
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });

  it('is for tissue staff only: researchers, reviewers and read-only staff are refused', async () => {
    const before = await orderCount();
    for (const token of [researcher.token, outsider, reviewer, await t.tokenForRole('internal_read_only')])
      expect((await call('POST', '/api/abn_bins_upload/', token, order(approved))).statusCode).toBe(403);
    expect(await orderCount()).toBe(before);
    // The research team reads the orders; someone outside it does not see the request at all.
    expect((await call('GET', `/api/request/${approved}/`, outsider)).statusCode).toBe(404);
  });
});

describe('PATCH abn_bins_upload/', () => {
  it('edits the request’s previous order at BINS and here, audited', async () => {
    const previous = (await call('GET', `/api/request/${approved}/`, admin)).json<RequestDto>()
      .bins_data![0]!;
    const sentBefore = bins.requests.length;
    const response = await call(
      'PATCH',
      '/api/abn_bins_upload/',
      manager,
      order(approved, { name: 'Dana R. Receiver', phone_numbers: ['+1 617 555 0100', '617-555-0199'] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TissueOrderDto>()).toMatchObject({
      id: previous.id,
      orderId: 'kept',
      name: 'Dana R. Receiver',
      phone_numbers: ['+1 617 555 0100', '617-555-0199'],
    });
    expect(bins.requests.slice(sentBefore).map((r) => r.url)).toEqual([
      `/orders/${encodeURIComponent(previous.orderId)}/`,
    ]);
    const orders = (await call('GET', `/api/request/${approved}/`, researcher.token)).json<RequestDto>()
      .bins_data!;
    expect(orders[0]).toMatchObject({ id: previous.id, name: 'Dana R. Receiver' });
    const audit = await db()
      .select()
      .from(history)
      .where(eq(history.objectId, String(previous.id)));
    expect(audit.some((row) => row.model === 'abn_order' && row.action === 'update')).toBe(true);
  });

  it('refuses an edit when there is no previous order, and during an outage changes nothing', async () => {
    const fresh = await tissueRequest(4, [donors[3]!.donor_hash]);
    const none = await call(
      'PATCH',
      '/api/abn_bins_upload/',
      manager,
      order(fresh, { donors: { [donors[3]!.donor_hash]: [{ hemisphere: 'Brainstem' }] } }),
    );
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(none))).toContain(TISSUE_ORDER_MESSAGES.noPreviousOrder);
    const previous = (await call('GET', `/api/request/${approved}/`, admin)).json<RequestDto>()
      .bins_data![0]!;
    binsDown = true;
    const down = await call('PATCH', '/api/abn_bins_upload/', manager, order(approved, { name: 'Changed' }));
    expect(down.statusCode).toBe(503);
    const after = (await call('GET', `/api/request/${approved}/`, admin)).json<RequestDto>().bins_data![0]!;
    expect(after).toEqual(previous);
  });

  it('refuses an edit once the request left the approved statuses', async () => {
    const request = await tissueRequest(4, [donors[4]!.donor_hash]);
    const body = order(request, {
      donors: { [donors[4]!.donor_hash]: [{ hemisphere: 'Right Hemisphere' }] },
    });
    expect((await call('POST', '/api/abn_bins_upload/', admin, body)).statusCode).toBe(201);
    await setStatus(request, 14);
    const response = await call('PATCH', '/api/abn_bins_upload/', admin, { ...body, name: 'Late' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(response))).toContain(TISSUE_ORDER_MESSAGES.notApproved);
    expect((await call('PATCH', '/api/abn_bins_upload/', researcher.token, body)).statusCode).toBe(403);
  });
});

describe('the collection of an ordered request', () => {
  it('is locked for its researcher', async () => {
    const carts = (await call('GET', `/api/abn_cart/?request=${approved}`, researcher.token)).json<{
      results: CartDto[];
    }>().results;
    expect(carts[0]!.is_editable).toBe(false);
  });
});
