import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cohorts, institutions } from '../../db/schema';
import { createInstitution, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * The request list's orderings by a related row (researcher §2 "Lists"): the owner's last name,
 * the project's title, the institution's name and the first of the request's cohorts. Owner and
 * project are joined inner only for their ordering, the cohort key is kept by triggers (issue 15).
 */
let t: TestContext;
let admin: string;
const req: Record<string, number> = {};

const db = () => t.database.db;
const ids = async (query: string) => {
  const response = await t.app.inject({ url: `/api/request/?${query}`, headers: auth(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return {
    count: response.json().count as number,
    ids: (response.json().results as { id: number }[]).map((row) => row.id),
  };
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  const [zebra, aardvark] = await db()
    .insert(cohorts)
    .values([{ name: 'Zz ordering cohort' }, { name: 'Aa ordering cohort' }])
    .returning();
  const institution = await createInstitution(db(), { name: 'Aaa ordering institute' });
  const other = await createInstitution(db(), { name: 'Mmm ordering institute' });
  req.institution = institution.id;
  const young = await t.createUser({ roles: ['primary_researcher'], lastName: 'Aalto' });
  const old = await t.createUser({ roles: ['primary_researcher'], lastName: 'Zyzzyva' });
  const alpha = await createProject(db(), { ownerId: young.id, title: 'Aaa ordering study' });
  const omega = await createProject(db(), { ownerId: old.id, title: 'Zzz ordering study' });
  const elsewhere = { institutionId: other.id };
  req.zebra = (await createRequest(db(), { projectId: alpha.id, cohortIds: [zebra!.id], ...elsewhere })).id;
  req.both = (
    await createRequest(db(), { projectId: omega.id, cohortIds: [zebra!.id, aardvark!.id], ...elsewhere })
  ).id;
  req.none = (
    await createRequest(db(), { projectId: omega.id, institutionId: institution.id, cohortIds: [] })
  ).id;
  req.alsoZebra = (
    await createRequest(db(), { projectId: omega.id, cohortIds: [zebra!.id], ...elsewhere })
  ).id;
  req.aardvarkCohort = aardvark!.id;
}, 120_000);

afterAll(() => t?.close());

/** This file's requests, in the order the list gives them. */
const mine = async (query: string) =>
  (await ids(query)).ids.filter((id) => [req.zebra, req.both, req.alsoZebra, req.none].includes(id));

describe('GET request/ ordered by a related row', () => {
  it('orders by the owner’s last name both ways, ties by id, and counts every request', async () => {
    const all = await ids('limit=100');
    const ascending = await ids('ordering=owner&limit=100');
    expect(ascending.count).toBe(all.count);
    expect(ascending.ids.indexOf(req.zebra!)).toBeLessThan(ascending.ids.indexOf(req.both!));
    expect(ascending.ids.indexOf(req.both!)).toBeLessThan(ascending.ids.indexOf(req.none!));
    expect(ascending.ids.indexOf(req.none!)).toBeLessThan(ascending.ids.indexOf(req.alsoZebra!));
    const descending = await ids('ordering=-owner&limit=3');
    expect(descending.ids).toEqual([req.both, req.none, req.alsoZebra]);
  });

  it('orders by the project’s title, and pages through the same order', async () => {
    const first = await ids('ordering=project&limit=1');
    expect(first.ids).toEqual([req.zebra]);
    const lastThree = await ids('ordering=-project&limit=3');
    expect(lastThree.ids).toEqual([req.both, req.none, req.alsoZebra]);
  });

  it('orders by the institution’s name, and follows a rename', async () => {
    expect((await ids('ordering=institution&limit=1')).ids).toEqual([req.none]);
    expect(await mine('ordering=institution&limit=100')).toEqual([
      req.none,
      req.zebra,
      req.both,
      req.alsoZebra,
    ]);
    await db()
      .update(institutions)
      .set({ name: 'Zzzz renamed institute' })
      .where(eq(institutions.id, req.institution!));
    expect(await mine('ordering=institution&limit=100')).toEqual([
      req.zebra,
      req.both,
      req.alsoZebra,
      req.none,
    ]);
  });

  it('orders by the first cohort name, requests without a cohort last, and follows a rename', async () => {
    expect(await mine('ordering=cohort&limit=100')).toEqual([req.both, req.zebra, req.alsoZebra, req.none]);
    expect(await mine('ordering=-cohort&limit=100')).toEqual([req.none, req.zebra, req.alsoZebra, req.both]);

    // Renamed past the other cohort, "Aa" no longer leads: all three share "Zz", ties by id.
    await db().update(cohorts).set({ name: 'Zzz renamed cohort' }).where(eq(cohorts.id, req.aardvarkCohort!));
    expect(await mine('ordering=cohort&limit=100')).toEqual([req.zebra, req.both, req.alsoZebra, req.none]);
  });
});
