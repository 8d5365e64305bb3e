import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CART_MESSAGES,
  REQUEST_MESSAGES,
  RESEARCH_MATCH_MESSAGES,
  RESOURCE_MIX_MESSAGES,
  type CartDto,
  type RequestDto,
  type SessionUserDto,
} from '@rrp/domain';
import { RESOURCE_DISABLED_REASONS } from '@rrp/domain/resource-access';
import { auth, errorBody } from '../../../test/test-app';
import { createDataset, createRequest } from '../../db/factories';
import { requests } from '../../db/schema';
import {
  setUpTissueRequestsApi,
  t,
  researcher,
  manager,
  open,
  pilotDonors,
  db,
  call,
  setEpic,
  requestCount,
  researcherWithProject,
  uploadBiosketch,
  newCart,
  usage,
  tissueAnswers,
} from './tissue-requests.api-test-setup';

setUpTissueRequestsApi();

describe('Data Access to the network (type 6)', () => {
  it('is refused while abn_epic is off, storing nothing', async () => {
    await setEpic(false);
    const before = await requestCount();
    const response = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 6,
      additional_data: { acknowledge: [true] },
      ...usage,
      submit: true,
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).type).toEqual([REQUEST_MESSAGES.unsupportedType]);
    expect(await requestCount()).toBe(before);
    await setEpic(true);
  });

  it("needs the ABN security form's 'Acknowledge'", async () => {
    const response = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 6,
      additional_data: {},
      ...usage,
      submit: true,
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).acknowledge).toEqual(['Required field']);
  });

  let dataRequest: RequestDto;
  it('is filed as Autism BrainNet Data Access of the ABN cohort; a second one waits for the first', async () => {
    const response = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 6,
      additional_data: { acknowledge: [true] },
      ...usage,
      submit: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    dataRequest = response.json<RequestDto>();
    expect(dataRequest).toMatchObject({
      type: 6,
      status: 2,
      display_name: 'Autism BrainNet Data Access',
      cohorts: [{ name: 'ABN' }],
      additional_data: { acknowledge: [true], usage_answers: [true, true, true] },
    });
    const again = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 6,
      additional_data: { acknowledge: [true] },
      ...usage,
    });
    expect(errorBody(again).non_field_errors).toEqual([RESOURCE_DISABLED_REASONS.abnUnderReview]);
  });

  it('keeps tissue requests closed until it is approved, then opens them (and closes itself)', async () => {
    const early = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 8,
      additional_data: {},
      ...usage,
    });
    expect(errorBody(early).non_field_errors).toEqual([RESOURCE_DISABLED_REASONS.abnUnderReview]);
    const newcomer = await researcherWithProject('Newcomer');
    const never = await call('POST', '/api/request/', newcomer.token, {
      project: newcomer.projectId,
      type: 7,
      additional_data: {},
      ...usage,
    });
    expect(errorBody(never).non_field_errors).toEqual([RESOURCE_DISABLED_REASONS.abnMustApply]);

    await db().update(requests).set({ statusId: 4 }).where(eq(requests.id, dataRequest.id));
    expect((await call('GET', '/api/user/me/', researcher.token)).json<SessionUserDto>().abn_approved).toBe(
      true,
    );
    const twice = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 6,
      additional_data: { acknowledge: [true] },
      ...usage,
    });
    expect(errorBody(twice).non_field_errors).toEqual([
      REQUEST_MESSAGES.alreadyApproved(['Autism BrainNet Data Access']),
    ]);
  });
});

describe('Pilot tissue (7) and tissue (8) requests', () => {
  let biosketch: number;
  let cart: CartDto;
  let tissue: RequestDto;
  beforeAll(async () => {
    biosketch = await uploadBiosketch(researcher.token, researcher.projectId);
    cart = await newCart(
      researcher.token,
      'Frontal cortex',
      open.slice(0, 3).map((d) => d.donor_hash),
    );
  });

  it("needs a collection ('*Required Field') and the tissue form's answers", async () => {
    const before = await requestCount();
    const response = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 8,
      additional_data: { ...tissueAnswers(biosketch), asd_cases: -1, proposal_title: '' },
      ...usage,
      submit: true,
    });
    expect(response.statusCode).toBe(400);
    const body = errorBody(response);
    expect(body.cart).toEqual([CART_MESSAGES.required]);
    expect(body.proposal_title).toEqual(['Required field']);
    expect(body.asd_cases).toBeDefined();
    expect(await requestCount()).toBe(before);
  });

  it('refuses a collection of the other set, an empty one, and another PI’s', async () => {
    const pilot = await newCart(researcher.token, 'Pilot blocks', [pilotDonors[0]!.donor_hash], true);
    const empty = await newCart(researcher.token, 'Empty', []);
    const other = await researcherWithProject('Other');
    await createRequest(db(), { projectId: other.projectId, typeId: 6, statusId: 4 });
    const theirs = await newCart(other.token, 'Theirs', [open[9]!.donor_hash]);
    for (const [cartId, message] of [
      [pilot.id, CART_MESSAGES.pilotMismatch(true)],
      [empty.id, CART_MESSAGES.empty],
      [theirs.id, CART_MESSAGES.cartOfAnotherPi],
      [999999, CART_MESSAGES.notFound],
    ] as const) {
      const response = await call('POST', '/api/request/', researcher.token, {
        project: researcher.projectId,
        type: 8,
        additional_data: { ...tissueAnswers(biosketch), cart: cartId },
        ...usage,
      });
      expect(errorBody(response).cart, String(cartId)).toEqual([message]);
    }
  });

  it('is not mixed with datasets', async () => {
    const dataset = await createDataset(db(), { name: 'Mixed' });
    const response = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 8,
      datasets: [dataset.id],
      additional_data: { ...tissueAnswers(biosketch), cart: cart.id },
      ...usage,
    });
    expect(errorBody(response).non_field_errors).toEqual([RESOURCE_MIX_MESSAGES.tissue]);
  });

  it('is filed with its collection, which is then on the request and no other', async () => {
    const response = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 8,
      additional_data: { ...tissueAnswers(biosketch), cart: cart.id },
      ...usage,
      submit: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    tissue = response.json<RequestDto>();
    expect(tissue).toMatchObject({
      type: 8,
      status: 2,
      display_name: 'Tissue Request',
      additional_data: { cart: cart.id, proposal_title: 'Synaptic density in the cortex of autistic donors' },
    });
    const collection = (await call('GET', `/api/abn_cart/${cart.id}/`, researcher.token)).json<CartDto>();
    expect(collection).toMatchObject({ on_request: true, request: { id: tissue.id, status: 2 } });
    // The biosketch now follows the request: its reviewers and staff read it.
    const file = await call('GET', `/api/file/${biosketch}/`, manager);
    expect(file.statusCode).toBe(200);

    const reuse = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 8,
      additional_data: { ...tissueAnswers(biosketch), cart: cart.id },
      ...usage,
    });
    expect(errorBody(reuse).cart).toEqual([CART_MESSAGES.onAnotherRequest]);
    const cannotDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/abn_cart/${cart.id}/`,
      headers: auth(researcher.token),
    });
    expect(errorBody(cannotDelete).non_field_errors).toEqual([CART_MESSAGES.hasRequests]);
  });

  it('a pilot request takes a pilot collection (and its own documents: a filed one stays with its request)', async () => {
    const pilot = await newCart(researcher.token, 'Pilot study', [pilotDonors[1]!.donor_hash], true);
    const reused = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 7,
      additional_data: { ...tissueAnswers(biosketch), cart: pilot.id },
      ...usage,
    });
    expect(errorBody(reused).nih_biosketch).toEqual([RESEARCH_MATCH_MESSAGES.documentsOwn]);
    const response = await call('POST', '/api/request/', researcher.token, {
      project: researcher.projectId,
      type: 7,
      additional_data: {
        ...tissueAnswers(await uploadBiosketch(researcher.token, researcher.projectId)),
        cart: pilot.id,
      },
      ...usage,
      submit: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RequestDto>()).toMatchObject({ display_name: 'Pilot Tissue Request', type: 7 });
  });

  it('returned with revisions requested, its collection is updated and the request resubmitted (new again)', async () => {
    await db().update(requests).set({ statusId: 3 }).where(eq(requests.id, tissue.id));
    const locked = await call('PATCH', `/api/abn_cart/${cart.id}/`, researcher.token, {
      identifiers: open.slice(0, 4).map((d) => d.donor_hash),
    });
    expect(errorBody(locked).non_field_errors).toEqual([CART_MESSAGES.notEditable('Under Review')]);
    const returned = await call('POST', `/api/request/${tissue.id}/decision/`, manager, { status: 6 });
    expect(returned.statusCode, returned.body).toBe(200);
    const updated = await call('PATCH', `/api/abn_cart/${cart.id}/`, researcher.token, {
      identifiers: open.slice(0, 4).map((d) => d.donor_hash),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const resubmitted = await call('PATCH', `/api/request/${tissue.id}/`, researcher.token, { status: 2 });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json<RequestDto>()).toMatchObject({ status: 2, additional_data: { cart: cart.id } });
  });

  it('changes its collection when edited: the old one is freed', async () => {
    await db().update(requests).set({ statusId: 6 }).where(eq(requests.id, tissue.id));
    const other = await newCart(
      researcher.token,
      'Second choice',
      open.slice(10, 12).map((d) => d.donor_hash),
    );
    const response = await call('PATCH', `/api/request/${tissue.id}/`, researcher.token, {
      additional_data: { cart: other.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RequestDto>()).toMatchObject({ status: 2, additional_data: { cart: other.id } });
    expect(
      (await call('GET', `/api/abn_cart/${cart.id}/`, researcher.token)).json<CartDto>().on_request,
    ).toBe(false);
  });
});
