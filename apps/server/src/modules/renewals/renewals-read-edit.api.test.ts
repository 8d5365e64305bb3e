import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RENEWAL_MESSAGES } from '@rrp/domain';
import { history } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  answersYes,
  answersNo,
  admin,
  owner,
  member,
  stranger,
  reviewer,
  db,
  post,
  patch,
  get,
  request,
  useRenewalsContext,
} from './renewals.test-support';

useRenewalsContext();

describe('GET and PATCH renewal/', () => {
  let renewalId: number;
  let requestId: number;

  beforeAll(async () => {
    requestId = await request({}, 60);
    const response = await post({
      request: requestId,
      agreed_to_usage_policy: true,
      additional_data: answersYes,
    });
    renewalId = response.json().id;
  });

  it('lists renewals for the owner, the team and staff, filtered by request, rm_application and status', async () => {
    const mine = (await get(`/api/renewal/?request=${requestId}`)).json();
    expect(mine.results.map((row: { id: number }) => row.id)).toEqual([renewalId]);
    const team = (await get(`/api/renewal/?rm_application=${requestId}`, member.token)).json();
    expect(team.count).toBe(1);
    const staff = (
      await get(`/api/renewal/?status__in=2,3&owner=${owner.id}&ordering=-submission_date`, reviewer)
    ).json();
    expect(staff.results.map((row: { id: number }) => row.id)).toContain(renewalId);
    expect((await get('/api/renewal/', stranger)).json().count).toBe(0);
    expect((await get(`/api/renewal/${renewalId}/`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/renewal/${renewalId}/`, member.token)).statusCode).toBe(200);
    expect((await get('/api/renewal/?colour=red')).statusCode).toBe(400);
  });

  it('lets the owner edit the answers but not the choice, and not the status', async () => {
    const edited = await patch(renewalId, {
      additional_data: { ...answersYes, impact: 'Two papers so far.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().additional_data.impact).toBe('Two papers so far.');
    expect(edited.json().expiration_after).not.toBeNull();
    const flipped = await patch(renewalId, { additional_data: answersNo });
    expect(errorBody(flipped).renew).toEqual([RENEWAL_MESSAGES.choiceFixed]);
    const status = await patch(renewalId, { status: 4 });
    expect(status.statusCode).toBe(403);
    expect(status.json().detail).toBe(RENEWAL_MESSAGES.staffStatus);
    expect((await patch(renewalId, { impact: 'x' })).statusCode).toBe(400);
  });

  it('lets admins set the status; a returned renewal goes back to Submitted when the owner edits it', async () => {
    expect(errorBody(await patch(renewalId, { status: 99 }, admin.token)).status).toEqual([
      RENEWAL_MESSAGES.statusChoice,
    ]);
    expect((await patch(renewalId, { status: 4 }, reviewer)).statusCode).toBe(403);
    const answers = await patch(renewalId, { additional_data: answersYes }, admin.token);
    expect(answers.statusCode).toBe(403);
    const returned = await patch(renewalId, { status: 6 }, admin.token);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().status_name).toBe('Revisions Requested');
    const resubmitted = await patch(renewalId, { additional_data: { ...answersYes, impact: 'Revised.' } });
    expect(resubmitted.json().status).toBe(2);
    expect((await patch(renewalId, { status: 4 }, admin.token)).json().status).toBe(4);
    const late = await patch(renewalId, { additional_data: answersYes });
    expect(errorBody(late).non_field_errors).toEqual([RENEWAL_MESSAGES.notEditable]);
    const rows = await db()
      .select()
      .from(history)
      .where(and(eq(history.model, 'renewal'), eq(history.objectId, String(renewalId))));
    expect(rows.filter((row) => row.action === 'update').length).toBeGreaterThanOrEqual(4);
  });

  it('shows the renewal history to the owner through history/', async () => {
    const response = await get(`/api/history/?model=renewal&pk=${renewalId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().count).toBeGreaterThan(0);
    expect((await get(`/api/history/?model=renewal&pk=${renewalId}`, stranger)).statusCode).toBe(404);
  });
});
