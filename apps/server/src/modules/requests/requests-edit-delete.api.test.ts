import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_MESSAGES } from '@rrp/domain';
import { history, requestDatasets, requestMembers, requestSamples, requests } from '../../db/schema';
import { createRequest, linkRequestDatasets } from '../../db/factories';
import { errorBody } from '../../../test/test-app';
import {
  setUpRequestsApi,
  admin,
  reviewer,
  researcher,
  teammate,
  other,
  projectId,
  ds,
  db,
  post,
  patch,
  remove,
  datasetRequest,
  biospecimenRequest,
} from './requests.api-test-setup';

setUpRequestsApi();

describe('requests: edit', () => {
  async function returned(statusId: number) {
    const response = await post(datasetRequest());
    const id = response.json().id as number;
    await db().update(requests).set({ statusId }).where(eq(requests.id, id));
    return id;
  }

  it('lets the owner edit a request in Revisions Requested or Deferred, which resets it to Submitted', async () => {
    for (const status of [6, 9]) {
      const id = await returned(status);
      const response = await patch(id, { access_control_list: [{ user_id: teammate.id }] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(2);
      expect(
        response.json().access_control_list.map((entry: { user_id: number }) => entry.user_id),
      ).toContain(teammate.id);
    }
  });

  it('refuses owner edits in other statuses, with nothing changed', async () => {
    for (const status of [2, 3, 5]) {
      const id = await returned(status);
      const response = await patch(id, { agreed_nih: false });
      expect(response.statusCode).toBe(400);
      expect(errorBody(response).non_field_errors).toEqual([REQUEST_MESSAGES.notEditable]);
      const [row] = await db().select().from(requests).where(eq(requests.id, id));
      expect(row!.agreedNih).toBe(true);
      expect(row!.statusId).toBe(status);
    }
  });

  it('submits a draft with status 2, and refuses other status changes', async () => {
    const draft = (await post(datasetRequest({ submit: false }))).json().id as number;
    const refused = await patch(draft, { status: 4 });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).status).toEqual([
      'Status changes other than submitting are made through the review workflow.',
    ]);
    const response = await patch(draft, { status: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 2 });
    expect(response.json().submission_date).not.toBeNull();
  });

  it('re-validates an edit: samples alone, and a bad form answer changes nothing', async () => {
    const id = (await post(biospecimenRequest())).json().id as number;
    await db().update(requests).set({ statusId: 6 }).where(eq(requests.id, id));
    const bad = await patch(id, { additional_data: { samples: ['14710-x1'] } });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).samples).toEqual([REQUEST_MESSAGES.saveFailedIds]);
    const badForm = await patch(id, { additional_data: { email: 'not-an-email' } });
    expect(errorBody(badForm).email).toEqual(['Please enter a valid email address.']);
    const stored = await db().select().from(requestSamples).where(eq(requestSamples.requestId, id));
    expect(stored).toHaveLength(2);
    const ok = await patch(id, { additional_data: { samples: { '11000-p1': 3 } } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 2, additional_data: { samples: { '11000-p1': 3 } } });
  });

  it('writes an edit in one transaction: a refused team list leaves the samples and status as they were', async () => {
    const id = (await post(biospecimenRequest())).json().id as number;
    await db().update(requests).set({ statusId: 9 }).where(eq(requests.id, id));
    const response = await patch(id, {
      additional_data: { samples: { '11000-p1': 1 } },
      access_control_list: [{ user_id: other.id }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).access_control_list).toEqual([REQUEST_MESSAGES.teamMember]);
    const stored = await db().select().from(requestSamples).where(eq(requestSamples.requestId, id));
    expect(stored.map((row) => row.sampleId).sort()).toEqual(['11000-mo', '11000-p1']);
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.statusId).toBe(9);
  });

  it('refuses edits by teammates (403), strangers (404) and reviewers (403)', async () => {
    const id = await returned(6);
    expect((await patch(id, {}, teammate.token)).statusCode).toBe(403);
    expect((await patch(id, {}, other.token)).statusCode).toBe(404);
    expect((await patch(id, {}, reviewer)).statusCode).toBe(403);
    expect((await patch(999_999, {})).statusCode).toBe(404);
  });

  it('refuses edits of request types this form does not file yet', async () => {
    // Funding requests (type 3) have no form yet; tissue requests are filed since issue 18.
    const request = await createRequest(db(), { projectId, typeId: 3, statusId: 6 });
    const response = await patch(request.id, { agreed_to_usage_policy: true }, admin.token);
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).type).toEqual([REQUEST_MESSAGES.unsupportedType]);
  });

  it('lets admins edit in any status, moving only a returned request back to Submitted', async () => {
    const id = await returned(3);
    const response = await patch(id, { access_control_list: [{ user_id: teammate.id }] }, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe(3);
    const returnedId = await returned(6);
    const edited = await patch(returnedId, { access_control_list: [] }, admin.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().status).toBe(2);
  });

  it('marks members left out of the list as removed', async () => {
    const id = (await post(datasetRequest({ access_control_list: [{ user_id: teammate.id }] }))).json()
      .id as number;
    await db().update(requests).set({ statusId: 6 }).where(eq(requests.id, id));
    const response = await patch(id, { access_control_list: [] });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await db().select().from(requestMembers).where(eq(requestMembers.requestId, id));
    expect(rows.find((row) => row.userId === teammate.id)!.removalDate).not.toBeNull();
    expect(rows.find((row) => row.userId === researcher.id)!.removalDate).toBeNull();
  });
});

describe('requests: delete', () => {
  it("deletes an open request ('Request Deleted Successfully') with its datasets, samples and team list", async () => {
    const id = (await post(biospecimenRequest())).json().id as number;
    const response = await remove(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      msg: 'Request Deleted Successfully',
      data: { id },
    });
    expect(await db().select().from(requests).where(eq(requests.id, id))).toHaveLength(0);
    expect(await db().select().from(requestSamples).where(eq(requestSamples.requestId, id))).toHaveLength(0);
    expect(await db().select().from(requestMembers).where(eq(requestMembers.requestId, id))).toHaveLength(0);
    const rows = await db()
      .select()
      .from(history)
      .where(eq(history.objectId, String(id)))
      .orderBy(history.version);
    expect(rows.filter((row) => row.model === 'request').map((row) => row.action)).toEqual([
      'create',
      'delete',
    ]);
  });

  it('refuses to delete approved or rejected requests, and those an approval led to', async () => {
    for (const statusId of [4, 5, 7, 12, 13, 14]) {
      const request = await createRequest(db(), { projectId, statusId });
      await linkRequestDatasets(db(), request.id, [ds.second!]);
      const response = await remove(request.id);
      expect(response.statusCode).toBe(400);
      expect(errorBody(response)).toMatchObject({
        status: false,
        non_field_errors: [REQUEST_MESSAGES.cannotDeleteDecided],
        data: { id: request.id, status: statusId },
      });
      expect(
        await db().select().from(requestDatasets).where(eq(requestDatasets.requestId, request.id)),
      ).toHaveLength(1);
    }
  });

  it('lets only the owner and admins delete', async () => {
    const request = await createRequest(db(), { projectId, statusId: 2 });
    expect((await remove(request.id, teammate.token)).statusCode).toBe(403);
    expect((await remove(request.id, reviewer)).statusCode).toBe(403);
    expect((await remove(request.id, other.token)).statusCode).toBe(404);
    expect((await remove(request.id, admin.token)).statusCode).toBe(200);
    expect((await remove(request.id, admin.token)).statusCode).toBe(404);
  });
});
