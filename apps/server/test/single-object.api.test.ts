import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInstitution } from '../src/db/factories';
import { notifications } from '../src/db/schema';
import { auth, createTestContext, type TestContext } from './test-app';

/**
 * Foundation §7 Generic: every object with a list has its `GET {object}/{id}/`, answering the
 * row the list shows, to the same people (anyone else gets 404).
 */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
});
afterAll(() => t.close());

/**
 * GET routes without an id that are not lists of objects: the session, look-ups, downloads,
 * health, drafts, summaries, option lists, Zendesk tickets (fetched from Zendesk by id), the
 * tissue network's look-ups by donor hash, and the Research Match report (an action the spec
 * names as a GET).
 */
const NOT_OBJECT_LISTS = new Set([
  '/api/user/me/',
  // The caller's own calendar feed address (issue 33): one object, no list.
  '/api/user/me/calendar-feed/',
  '/api/verify-invitation/',
  '/api/verify-user/',
  '/api/orcid/',
  '/api/file/download/',
  '/api/user/download/',
  '/api/file/list_files/',
  '/api/file/signed/',
  '/api/search/',
  '/api/client-config/',
  '/api/health/',
  '/api/health-check/',
  '/api/email/',
  '/api/institution-compliance/summary/',
  '/api/insights/turnaround/',
  '/api/insights/turnaround/download/',
  '/api/response-selection/',
  '/api/zendesk_ticket/',
  '/api/openapi.json',
  // The tissue network: the filter panel's values, a donor by hash (and its documents), a survey file.
  '/api/abn_data/options/',
  '/api/abn_data_pilot/options/',
  '/api/abn_donor/',
  '/api/abn_survey/',
  // The ABN dashboard's tab counts, and tissue Begin Review's draft.
  '/api/abn_dashboard/',
  '/api/abn_tissue/start-review/',
  // Research Match: the review centre's tab counts, Start Review's draft, the report e-mailed.
  '/api/research-match/review-centre/',
  '/api/research-match/start-review/',
  '/api/rm_report_dispatch/',
]);

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? auth(token) : {} });

/** The first row of a list and the same object by id, as this caller sees them. */
async function listedAndSingle(list: string, object: string, token?: string) {
  const page = (await get(list, token)).json();
  const [row] = page.results;
  if (!row) throw new Error(`${list} is empty`);
  const single = await get(`${object}${row.id}/`, token);
  return { row, single };
}

describe('every list has its single-object GET', () => {
  it('is registered for each list route the app serves', () => {
    const urls = t.app.apiRoutes.filter((route) => route.method === 'GET').map((route) => route.url);
    const lists = urls.filter((url) => !url.includes(':') && !NOT_OBJECT_LISTS.has(url));
    expect(lists.filter((url) => !urls.includes(`${url}:id/`))).toEqual([]);
    expect(lists.length).toBeGreaterThan(15);
  });
});

describe('reference data: cohort, meta-data, feature-toggle', () => {
  it('answers each row as its list does, to the list’s audience', async () => {
    for (const [list, object] of [
      ['/api/cohort/', '/api/cohort/'],
      ['/api/meta-data/', '/api/meta-data/'],
    ]) {
      const { row, single } = await listedAndSingle(list!, object!);
      expect(single.statusCode).toBe(200);
      expect(single.json()).toEqual(row);
    }
    const researcher = await t.tokenForRole('primary_researcher');
    const { row, single } = await listedAndSingle('/api/feature-toggle/', '/api/feature-toggle/', researcher);
    expect(single.json()).toEqual(row);
    expect((await get(`/api/feature-toggle/${row.id}/`)).statusCode).toBe(401);
    for (const url of ['/api/cohort/999999/', '/api/meta-data/999999/', '/api/feature-toggle/999999/']) {
      expect((await get(url, researcher)).statusCode).toBe(404);
    }
  });
});

describe('history/{id}/', () => {
  it('shows an entry to those who may read the object’s history', async () => {
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const ownerToken = await t.tokenFor(owner.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project/',
      headers: auth(ownerToken),
      payload: { title: 'History study', abstract: 'We keep records.', non_autism_research: false },
    });
    const projectId = created.json().id;
    const { row, single } = await listedAndSingle(
      `/api/history/?model=project&pk=${projectId}`,
      '/api/history/',
      ownerToken,
    );
    expect(single.json()).toEqual(row);
    const expanded = (await get(`/api/history/${row.id}/?expand=modifier`, admin)).json();
    expect(expanded.modifier).toMatchObject({ id: owner.id, email: owner.email });

    expect(
      (await get(`/api/history/${row.id}/`, await t.tokenForRole('primary_researcher'))).statusCode,
    ).toBe(404);
    // Histories of objects without owners of their own stay staff-only.
    const institution = await t.institutionWithOfficial('History Institute');
    const institutionEntry = (
      await get(`/api/history/?model=institution&pk=${institution.institution.id}`, admin)
    ).json().results[0];
    expect((await get(`/api/history/${institutionEntry.id}/`, ownerToken)).statusCode).toBe(404);
    expect((await get(`/api/history/${institutionEntry.id}/`, admin)).statusCode).toBe(200);
  });
});

describe('research-team/{id}/', () => {
  it('shows a team row to the team and staff, and 404 to others', async () => {
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const ownerToken = await t.tokenFor(owner.email);
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/project/',
      headers: auth(ownerToken),
      payload: { title: 'Team study', abstract: 'A team.', non_autism_research: false },
    });
    const { row, single } = await listedAndSingle(
      `/api/research-team/?project_id=${project.json().id}`,
      '/api/research-team/',
      ownerToken,
    );
    expect(single.json()).toEqual(row);
    expect((await get(`/api/research-team/${row.id}/?expand=institution`, admin)).statusCode).toBe(200);
    const stranger = await t.tokenForRole('primary_researcher');
    expect((await get(`/api/research-team/${row.id}/`, stranger)).statusCode).toBe(404);
  });
});

describe('institution-compliance/{id}/', () => {
  it('shows an approved institution’s compliance as the list does; others are 404', async () => {
    const { institution } = await t.institutionWithOfficial('Compliance Institute');
    const listed = (await get(`/api/institution-compliance/?id=${institution.id}`, admin)).json().results[0];
    const single = await get(`/api/institution-compliance/${institution.id}/`, admin);
    expect(single.json()).toEqual(listed);
    const pending = await createInstitution(t.database.db, { name: 'Pending Compliance U', statusId: 2 });
    expect((await get(`/api/institution-compliance/${pending.id}/`, admin)).statusCode).toBe(404);
    const researcher = await t.tokenForRole('primary_researcher');
    expect((await get(`/api/institution-compliance/${institution.id}/`, researcher)).statusCode).toBe(403);
  });
});

describe('email_logs/{id}/ and notification/{id}/', () => {
  it('shows an e-mail of the log to administrators', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/institution-helper/',
      headers: auth(admin),
      payload: {
        institution_data: { name: 'Logged Institute', official_name: 'Logged Institute' },
        io_data: { first_name: 'Lou', last_name: 'Logged', email: 'lou@logged.edu' },
      },
    });
    // Delivered after the commit: compare once it has settled.
    const invitationLog = '/api/email_logs/?template=official-invitation';
    await vi.waitFor(
      async () => expect((await get(invitationLog, admin)).json().results[0]?.status).toBe('sent'),
      { timeout: 20_000, interval: 200 },
    );
    const { row, single } = await listedAndSingle(invitationLog, '/api/email_logs/', admin);
    expect(single.json()).toEqual(row);
    expect(
      (await get(`/api/email_logs/${row.id}/`, await t.tokenForRole('portal_reviewer'))).statusCode,
    ).toBe(403);
    expect((await get('/api/email_logs/999999/', admin)).statusCode).toBe(404);
  });

  it('shows a notification to its recipient only', async () => {
    const recipient = await t.createUser({ roles: ['primary_researcher'] });
    await t.database.db
      .insert(notifications)
      .values({ recipientId: recipient.id, message: 'Hello', redirect: '/request' });
    const token = await t.tokenFor(recipient.email);
    const { row, single } = await listedAndSingle('/api/notification/', '/api/notification/', token);
    expect(single.json()).toEqual(row);
    expect((await get(`/api/notification/${row.id}/`, admin)).statusCode).toBe(404);
  });
});
