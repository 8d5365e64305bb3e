import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RENEWAL_MESSAGES } from '@rrp/domain';
import { history, notifications, requestRenewals, requests } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  DAY,
  inDays,
  answersYes,
  answersNo,
  admin,
  owner,
  member,
  stranger,
  ipscTypeId,
  plasmaTypeId,
  db,
  post,
  get,
  request,
  useRenewalsContext,
} from './renewals.test-support';

useRenewalsContext();

describe('POST renewal/: the renewal choice', () => {
  it('Yes extends the request to today plus 365*3 days, records history and tells the admins', async () => {
    const id = await request();
    const response = await post({
      request: id,
      type: 1,
      agreed_to_usage_policy: true,
      additional_data: answersYes,
    });
    expect(response.statusCode, response.body).toBe(201);
    const renewal = response.json();
    expect(renewal).toMatchObject({
      request: id,
      type: 1,
      type_name: 'Dataset',
      status: 2,
      status_name: 'Submitted',
      owner: { id: owner.id, display_name: 'Rita Renew' },
      agreed_to_usage_policy: true,
      additional_data: answersYes,
    });
    expect(renewal.permissions).toEqual(expect.arrayContaining(['read', 'update']));
    const extended = new Date(renewal.expiration_after).getTime();
    expect(Math.abs(extended - (Date.now() + 365 * 3 * DAY))).toBeLessThan(60_000);

    const detail = (await get(`/api/request/${id}/`)).json();
    expect(detail.expiration_date).toBe(renewal.expiration_after);
    expect(detail.status).toBe(7);

    const rows = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'renewal'), eq(history.objectId, String(renewal.id))));
    expect(rows.map((row) => row.action)).toEqual(['create']);
    const requestRows = await db()
      .select()
      .from(history)
      .where(
        and(eq(history.model, 'request'), eq(history.objectId, String(id)), eq(history.action, 'update')),
      );
    expect(requestRows.at(-1)?.changedFields).toContain('expirationDate');

    const bell = await db().select().from(notifications).where(eq(notifications.recipientId, admin.id));
    expect(bell.map((row) => row.redirect)).toContain(`/request/${id}?tab=renewal`);
    expect(bell.find((row) => row.redirect === `/request/${id}?tab=renewal`)?.message).toContain(
      'Renewal submitted for R',
    );
  });

  it('No leaves the expiration date as it was and records the choice', async () => {
    const expiration = inDays(-10);
    const id = await request({ expirationDate: expiration });
    const response = await post({ request: id, additional_data: answersNo });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      additional_data: { renew: false },
      expiration_before: expiration.toISOString(),
      expiration_after: null,
    });
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.expirationDate?.toISOString()).toBe(expiration.toISOString());
  });

  it('clears publication data unless data was published, and generated data unless generated_check is Yes', async () => {
    const id = await request();
    const response = await post({
      request: id,
      agreed_to_usage_policy: true,
      additional_data: {
        ...answersYes,
        publication_status: 2,
        generated_check: false,
        generated_data: 'kept nowhere',
        bio_destroyed: 'yes',
        modified_ipscs: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const answers = response.json().additional_data;
    expect(answers.publication_status).toBe(2);
    expect(answers).not.toHaveProperty('publications');
    expect(answers).not.toHaveProperty('generated_data');
    // A dataset request is not asked about biospecimens or iPSC lines.
    expect(answers).not.toHaveProperty('bio_destroyed');
    expect(answers).not.toHaveProperty('modified_ipscs');
  });

  it('asks a biospecimen request that is not renewed how its biospecimens were handled', async () => {
    const id = await request({ typeId: 2, sampleTypeId: plasmaTypeId, displayName: 'Plasma' });
    const missing = await post({ request: id, additional_data: answersNo });
    expect(missing.statusCode).toBe(400);
    expect(errorBody(missing)).toMatchObject({ bio_destroyed: ['Required field'] });
    const kept = await post({ request: id, additional_data: { ...answersNo, bio_destroyed: 'no' } });
    expect(errorBody(kept)).toMatchObject({ bio_destroyed_description: ['Required field'] });
    const filed = await post({
      request: id,
      additional_data: {
        ...answersNo,
        bio_destroyed: 'no',
        bio_destroyed_description: 'Returned to the repository.',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().additional_data).toMatchObject({ bio_destroyed: 'no' });
    expect(filed.json().additional_data).not.toHaveProperty('modified_ipscs');
  });

  it('asks an iPSC request about modified lines', async () => {
    const id = await request({ typeId: 2, sampleTypeId: ipscTypeId, displayName: 'iPSC' });
    const missing = await post({ request: id, agreed_to_usage_policy: true, additional_data: answersYes });
    expect(errorBody(missing)).toMatchObject({ modified_ipscs: ['Required field'] });
    const filed = await post({
      request: id,
      agreed_to_usage_policy: true,
      additional_data: {
        ...answersYes,
        modified_ipscs: true,
        modified_ipscs_data: 'CRISPR knock-out of SHANK3.',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().additional_data).toMatchObject({ modified_ipscs: true });
  });
});

describe('POST renewal/: refusals change nothing', () => {
  const count = async (requestId: number) =>
    (await db().select().from(requestRenewals).where(eq(requestRenewals.requestId, requestId))).length;

  it('refuses unanswered questions with the form validator’s messages', async () => {
    const id = await request();
    const response = await post({ request: id, additional_data: { renew: true } });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      publication_status: ['Required field'],
      generated_check: ['Required field'],
      impact: ['Required field'],
    });
    expect(await count(id)).toBe(0);
  });

  it('refuses a Yes without the usage policy', async () => {
    const id = await request();
    const before = (await db().select().from(requests).where(eq(requests.id, id)))[0]!.expirationDate;
    const response = await post({ request: id, additional_data: answersYes });
    expect(errorBody(response).agreed_to_usage_policy).toEqual([RENEWAL_MESSAGES.usagePolicy]);
    const after = (await db().select().from(requests).where(eq(requests.id, id)))[0]!.expirationDate;
    expect(after?.toISOString()).toBe(before?.toISOString());
    expect(await count(id)).toBe(0);
  });

  it('refuses requests that are not near expiry, not yet fulfilled or not approved', async () => {
    const far = await request({}, 400);
    const response = await post({ request: far, additional_data: answersNo });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).non_field_errors).toEqual([
      expect.stringMatching(/^This request can be renewed from six months/),
    ]);
    const none = await request({ expirationDate: null, statusId: 4 });
    expect(errorBody(await post({ request: none, additional_data: answersNo })).non_field_errors).toEqual([
      RENEWAL_MESSAGES.noExpiration,
    ]);
    const submitted = await request({ statusId: 2 });
    expect(
      errorBody(await post({ request: submitted, additional_data: answersNo })).non_field_errors,
    ).toEqual([RENEWAL_MESSAGES.notRenewable]);
  });

  it('allows one open renewal per request', async () => {
    const id = await request({}, -5);
    expect((await post({ request: id, additional_data: answersNo })).statusCode).toBe(201);
    const second = await post({ request: id, additional_data: answersNo });
    expect(second.statusCode).toBe(400);
    expect(errorBody(second).non_field_errors).toEqual([RENEWAL_MESSAGES.openRenewal]);
    expect(await count(id)).toBe(1);
  });

  it('lets only the owner file: a team member 403, a stranger and a missing request 400, staff 403', async () => {
    const id = await request();
    const byMember = await post({ request: id, additional_data: answersNo }, member.token);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().detail).toBe(RENEWAL_MESSAGES.notOwner);
    const byStranger = await post({ request: id, additional_data: answersNo }, stranger);
    expect(byStranger.statusCode).toBe(400);
    expect(errorBody(byStranger).request).toEqual([RENEWAL_MESSAGES.requestNotFound]);
    const missing = await post({ request: 99_999, additional_data: answersNo });
    expect(errorBody(missing).request).toEqual([RENEWAL_MESSAGES.requestNotFound]);
    expect((await post({ request: id, additional_data: answersNo }, admin.token)).statusCode).toBe(403);
    expect(await count(id)).toBe(0);
  });

  it('refuses a type that does not match and a malformed body', async () => {
    const id = await request();
    expect(errorBody(await post({ request: id, type: 2, additional_data: answersNo })).type).toEqual([
      RENEWAL_MESSAGES.wrongType,
    ]);
    const bad = await post({ request: id, additional_data: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(await count(id)).toBe(0);
  });
});
