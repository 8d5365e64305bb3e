import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { complianceState, isoDay, utcDay, type InstitutionComplianceDto } from '@rrp/domain';
import { files, history, institutions } from '../../db/schema';
import { createInstitution, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;
let reviewer: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  reviewer = await t.tokenForRole('portal_reviewer');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(utcDay(new Date()).getTime() - days * DAY + 9 * 3_600_000);

const list = (query = '', token = admin) =>
  t.app.inject({ url: `/api/institution-compliance/${query}`, headers: auth(token) });
const rows = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number; results: InstitutionComplianceDto[]; next: string | null }>();
};

/** An approved institution created `createdDaysAgo` days ago, last reviewed `reviewedDaysAgo` days ago. */
async function approved(name: string, createdDaysAgo: number, reviewedDaysAgo: number | null, statusId = 3) {
  const row = await createInstitution(t.database.db, { name, statusId });
  const [updated] = await t.database.db
    .update(institutions)
    .set({
      created: daysAgo(createdDaysAgo),
      lastAnnualReviewAt: reviewedDaysAgo === null ? null : daysAgo(reviewedDaysAgo),
    })
    .where(eq(institutions.id, row.id))
    .returning();
  return updated!;
}

/** An institution with its official and an RDA fully executed on `executed` (YYYY-MM-DD). */
async function executed(name: string, executedOn: string) {
  const { institution, official } = await t.institutionWithOfficial(name);
  await t.database.db
    .update(files)
    .set({
      additionalData: {
        status: 3,
        signature: 'Olga Official',
        signature_date: `${executedOn}T12:00:00`,
        sf_signature: 'Lead',
        sf_signature_date: `${executedOn}T12:00:00`,
      },
    })
    .where(eq(files.id, institution.current_rda!));
  return { institution, official };
}

describe('institution compliance', () => {
  it('computes in SQL the same status and anniversary as the domain rule', async () => {
    const created = [1, 300, 335, 336, 364, 365, 366, 394, 395, 396, 700, 731, 800, 1200];
    const reviewed = [null, 0, 10, 40, 300, 380, 420];
    const expected = new Map<number, { status: number; anniversary: string }>();
    for (const createdDaysAgo of created) {
      for (const reviewedDaysAgo of reviewed) {
        if (reviewedDaysAgo !== null && reviewedDaysAgo > createdDaysAgo + 60) continue;
        const row = await approved(
          `Grid ${createdDaysAgo}/${reviewedDaysAgo}`,
          createdDaysAgo,
          reviewedDaysAgo,
        );
        const state = complianceState({
          anchor: row.created,
          lastReview: row.lastAnnualReviewAt,
          today: new Date(),
        });
        expected.set(row.id, { status: state.status, anniversary: isoDay(state.anniversary) });
      }
    }
    // Agreements executed on 29 February and at the turn of the year.
    for (const day of ['2024-02-29', '2023-12-31', '2024-01-01']) {
      const { institution } = await executed(`Executed ${day}`, day);
      const state = complianceState({
        anchor: new Date(`${day}T12:00:00Z`),
        lastReview: null,
        today: new Date(),
      });
      expected.set(institution.id, { status: state.status, anniversary: isoDay(state.anniversary) });
    }
    const page = await rows(`?id__in=${[...expected.keys()].join(',')}&limit=2000`);
    expect(page.count).toBe(expected.size);
    const actual = new Map(
      page.results.map((row) => [
        row.id,
        { status: row.compliance_status, anniversary: row.current_anniversary },
      ]),
    );
    expect(actual).toEqual(expected);
    // The grid covers all three statuses.
    expect(new Set([...actual.values()].map((row) => row.status))).toEqual(new Set([1, 2, 3]));
  });

  it('measures the compliance year from the RDA execution rather than the creation date', async () => {
    const { institution } = await executed('Anchored College', isoDay(daysAgo(365 - 10)));
    await t.database.db
      .update(institutions)
      .set({ created: daysAgo(2000) })
      .where(eq(institutions.id, institution.id));
    const [row] = (await rows(`?id=${institution.id}`)).results;
    expect(row).toMatchObject({
      compliance_status: 2,
      compliance_status_name: 'Review Due',
      current_anniversary: isoDay(utcDay(daysAgo(-10))),
      current_io: { full_name: 'Olga Official' },
    });
  });

  it('lists approved institutions only, with the spec fields', async () => {
    const pending = await approved('Pending Institute', 800, null, 2);
    const overdue = await approved('Overdue Institute', 800, null);
    expect((await rows(`?id=${pending.id}`)).count).toBe(0);
    const [row] = (await rows(`?id=${overdue.id}`)).results;
    expect(row).toEqual({
      id: overdue.id,
      display_name: 'Overdue Institute',
      current_io: null,
      requestCount: 0,
      current_anniversary: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      compliance_status: 3,
      compliance_status_name: 'Non-Compliant',
      last_annual_review: null,
      admin_acknowledge: false,
      lastEmail: null,
      permissions: ['read', 'acknowledge', 'email'],
    });
  });

  it('counts the fulfilled requests made through the institution', async () => {
    const { institution, official } = await t.institutionWithOfficial('Busy University');
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const project = await createProject(t.database.db, {
      ownerId: researcher.id,
      institutionId: institution.id,
    });
    for (const statusId of [7, 7, 4, 2]) {
      await createRequest(t.database.db, { projectId: project.id, statusId, institutionId: institution.id });
    }
    // A fulfilled request of another institution is not counted.
    await createRequest(t.database.db, { projectId: project.id, statusId: 7, institutionId: null });
    const [row] = (await rows(`?id=${institution.id}`)).results;
    expect(row).toMatchObject({ requestCount: 2, current_io: { id: official.id } });
    const ordered = await rows(`?ordering=-requestCount&id__in=${institution.id},${row!.id}&limit=1`);
    expect(ordered.results[0]!.id).toBe(institution.id);
  });

  it('filters by status, searches names and officials, orders and pages', async () => {
    await approved('Filter Alpha College', 800, null);
    await approved('Filter Beta College', 1, null);
    const { official } = await t.institutionWithOfficial('Filter Gamma College');

    const overdue = await rows('?compliance_status=3&search=Filter');
    expect(overdue.results.map((row) => row.display_name)).toEqual(['Filter Alpha College']);
    const others = await rows('?compliance_status__in=1,2&search=filter&ordering=display_name');
    expect(others.results.map((row) => row.display_name)).toEqual([
      'Filter Beta College',
      'Filter Gamma College',
    ]);
    const byOfficial = await rows(`?search=${encodeURIComponent(official.email)}`);
    expect(byOfficial.results.map((row) => row.display_name)).toEqual(['Filter Gamma College']);

    const first = await rows('?search=Filter&ordering=display_name&limit=2');
    expect(first.count).toBe(3);
    expect(first.next).toContain('offset=2');
    const second = await rows('?search=Filter&ordering=display_name&limit=2&offset=2');
    expect(second.results.map((row) => row.display_name)).toEqual(['Filter Gamma College']);

    // The default ordering puts the most urgent first.
    const urgent = await rows('?search=Filter');
    expect(urgent.results[0]!.compliance_status).toBe(3);
  });

  it('answers 400 for bad filters and unknown parameters', async () => {
    const bad = await list('?compliance_status=x&ordering=secret');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toMatchObject({
      compliance_status: ['Enter a whole number.'],
      ordering: ['Unknown ordering field: secret.'],
    });
    expect((await list('?status=3')).statusCode).toBe(400);
  });

  it('summarises the count of each status, matching the list', async () => {
    const response = await t.app.inject({
      url: '/api/institution-compliance/summary/',
      headers: auth(admin),
    });
    expect(response.statusCode).toBe(200);
    const summary = response.json<{
      total: number;
      statuses: { id: number; name: string; count: number }[];
    }>();
    expect(summary.statuses.map((status) => status.name)).toEqual([
      'Compliant',
      'Review Due',
      'Non-Compliant',
    ]);
    for (const status of summary.statuses) {
      expect((await rows(`?compliance_status=${status.id}&limit=1`)).count).toBe(status.count);
    }
    expect(summary.total).toBe((await rows('?limit=1')).count);

    const searched = await t.app.inject({
      url: '/api/institution-compliance/summary/?search=Filter',
      headers: auth(admin),
    });
    expect(searched.json().statuses.map((status: { count: number }) => status.count)).toEqual([2, 0, 1]);
    const unknown = await t.app.inject({
      url: '/api/institution-compliance/summary/?compliance_status=1',
      headers: auth(admin),
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('is read by staff who oversee institutions, without the admin actions', async () => {
    const row = await approved('Readable University', 800, null);
    const page = (await list(`?id=${row.id}`, reviewer)).json<{ results: InstitutionComplianceDto[] }>();
    expect(page.results[0]!.permissions).toEqual(['read']);
    for (const role of ['sbso', 'primary_researcher'] as const) {
      expect((await list('', await t.tokenForRole(role))).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/institution-compliance/' })).statusCode).toBe(401);
  });

  it('records an acknowledgement by the administrator and shows it on the row', async () => {
    const row = await approved('Acknowledged University', 800, null);
    const patch = (token: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/institution/${row.id}/`,
        headers: auth(token),
        payload: { admin_acknowledge: true },
      });
    expect((await patch(reviewer)).statusCode).toBe(403);
    expect((await rows(`?id=${row.id}`)).results[0]!.admin_acknowledge).toBe(false);
    expect((await patch(admin)).statusCode).toBe(200);
    expect((await rows(`?id=${row.id}&admin_acknowledge=true`)).results[0]!.admin_acknowledge).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(history)
      .where(
        and(eq(history.model, 'institution'), eq(history.objectId, String(row.id)), eq(history.version, 2)),
      );
    expect(audit?.changedFields).toEqual(['adminAcknowledge']);
  });

  it('turns compliant when the official completes the annual review, clearing the acknowledgement', async () => {
    const { institution, official } = await t.institutionWithOfficial('Reviewed University');
    await t.database.db
      .update(institutions)
      .set({ created: daysAgo(800), adminAcknowledge: true })
      .where(eq(institutions.id, institution.id));
    const researcher = await t.createUser({ roles: ['primary_researcher'], institutionId: institution.id });
    expect((await rows(`?id=${institution.id}`)).results[0]).toMatchObject({
      compliance_status: 3,
      admin_acknowledge: true,
    });
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/institution/${institution.id}/verification/`,
      headers: auth(await t.tokenFor(official.email)),
      payload: { annual_review: true, entries: [{ user_id: researcher.id, verified: true }] },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await rows(`?id=${institution.id}`)).results[0]).toMatchObject({
      compliance_status: 1,
      compliance_status_name: 'Compliant',
      admin_acknowledge: false,
      last_annual_review: isoDay(utcDay(new Date())),
    });
  });

  it('shows the last compliance e-mail sent about the institution', async () => {
    const { institution, official } = await t.institutionWithOfficial('Mailed University');
    const send = (subject: string, objectIds: number[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/email/',
        headers: auth(admin),
        payload: {
          to: official.email,
          subject,
          body: 'Please complete the annual review.',
          email_template: 'compliance',
          model_name: 'institution',
          object_ids: objectIds,
        },
      });
    expect((await send('First reminder', [institution.id])).statusCode).toBe(201);
    const second = await send('Second reminder', [institution.id]);
    expect(second.statusCode).toBe(201);
    const other = await approved('Unmailed University', 800, null);
    const [row] = (await rows(`?id=${institution.id}`)).results;
    expect(row!.lastEmail).toMatchObject({
      id: second.json().id,
      subject: 'Second reminder',
      to: [official.email],
    });
    expect((await rows(`?id=${other.id}`)).results[0]!.lastEmail).toBeNull();
  });
});
