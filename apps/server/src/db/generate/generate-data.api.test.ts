import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { seedDemoCatalogue } from '../demo-catalogue';
import { generateData } from './generate-data';

let t: TestContext;
let admin: string;
/** The last request before the generator ran (the demo catalogue's). */
let lastSeededRequest = 0;
const size = { users: 1200, institutions: 40, projects: 150, requests: 400, history: 2000, donors: 300 };

beforeAll(async () => {
  t = await createTestContext();
  const researcher = await t.createUser({ roles: ['primary_researcher'] });
  const staff = await t.createUser({ roles: ['portal_admin'] });
  await t.database.db.transaction((tx) =>
    seedDemoCatalogue(tx, { researcherId: researcher.id, adminId: staff.id }),
  );
  admin = await t.tokenFor(staff.email);
  const seeded = (await t.database.db.execute(
    sql`select coalesce(max(id), 0)::int as id from requests`,
  )) as unknown as {
    rows: { id: number }[];
  };
  lastSeededRequest = seeded.rows[0]!.id;
  // A fresh database plus a catalogue on embedded PGlite: longer than the default hook limit on a busy machine.
}, 180_000);
afterAll(() => t.close());

const countOf = async (table: string) => {
  const result = (await t.database.db.execute(
    sql.raw(`select count(*)::int as n from "${table}"`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
};

describe('generate-data', () => {
  it('adds the asked-for rows with their relations, and the API lists them', async () => {
    const before = await countOf('requests');
    const lines: string[] = [];
    const written = await generateData(t.database, size, (line) => lines.push(line));

    expect(written).toMatchObject({
      users: size.users,
      institutions: size.institutions,
      projects: size.projects,
      requests: size.requests,
    });
    // At least the asked-for versions: every status change of every request is one.
    expect(written.history).toBeGreaterThanOrEqual(size.history);
    expect(await countOf('requests')).toBe(before + size.requests);
    expect(written.research_team_members).toBeGreaterThan(size.projects);
    expect(written.request_datasets).toBeGreaterThan(0);
    expect(written.request_samples).toBeGreaterThan(0);
    // Every status and several types occur; drafts have no submission date.
    const statuses = (await t.database.db.execute(
      sql`select count(distinct status_id)::int as n, count(*) filter (where status_id = 1 and submission_date is not null)::int as dated_drafts from requests`,
    )) as unknown as { rows: { n: number; dated_drafts: number }[] };
    expect(statuses.rows[0]!.n).toBeGreaterThanOrEqual(10);
    expect(statuses.rows[0]!.dated_drafts).toBe(0);

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/request/?ordering=owner&limit=5',
      headers: { authorization: `JWT ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(before + size.requests);
    expect(response.json().results).toHaveLength(5);
  });

  it('fills the tissue catalogue with donors, most with surveys', async () => {
    const [row] = (
      (await t.database.db.execute(sql`
        select count(*)::int as donors,
          count(*) filter (where pilot)::int as pilot,
          count(distinct diagnosis)::int as diagnoses,
          (select count(distinct donor_id)::int from abn_donor_surveys) as surveyed
        from abn_donors`)) as unknown as {
        rows: { donors: number; pilot: number; diagnoses: number; surveyed: number }[];
      }
    ).rows;
    expect(row).toMatchObject({ donors: size.donors, pilot: 0 });
    expect(row!.diagnoses).toBeGreaterThanOrEqual(3);
    expect(row!.surveyed).toBeGreaterThan(size.donors / 4);
    const response = await t.app.inject({
      url: '/api/abn_data/?limit=5',
      headers: { authorization: `JWT ${admin}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().count).toBe(size.donors);
  });

  it('gives every request a history its status, dates and stays agree with', async () => {
    const [check] = (
      (await t.database.db.execute(sql`
        select
          count(*) filter (where current.status_id is distinct from r.status_id)::int as wrong_status,
          count(*) filter (where r.submission_date is distinct from submitted.at)::int as wrong_submission,
          count(*) filter (where current.entered_at > now())::int as in_future
        from requests r
        left join request_status_stays current on current.request_id = r.id and current.left_at is null
        left join lateral (
          select min(entered_at) as at from request_status_stays s where s.request_id = r.id and s.status_id = 2
        ) submitted on true
        where r.id > ${lastSeededRequest}::integer`)) as unknown as {
        rows: { wrong_status: number; wrong_submission: number; in_future: number }[];
      }
    ).rows;
    expect(check).toEqual({ wrong_status: 0, wrong_submission: 0, in_future: 0 });
    // Research Match applications under review have reviews; RDAs their signatures' history.
    expect(await countOf('reviews')).toBeGreaterThan(0);
    const rdaVersions = (await t.database.db.execute(
      sql`select count(*)::int as n from history where model = 'file' and data ->> 'type' = 'rda'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rdaVersions.rows[0]!.n).toBeGreaterThan(size.institutions / 2);
    // The turnaround of the generated years answers.
    const response = await t.app.inject({
      url: '/api/insights/turnaround/',
      headers: { authorization: `JWT ${admin}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().statuses.length).toBeGreaterThan(3);
  });

  it('continues the id sequences, so the app can add rows afterwards', async () => {
    const [row] = (
      (await t.database.db.execute(
        sql`insert into institutions (name, status_id) values ('After generation', 3) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    expect(row!.id).toBeGreaterThan(size.institutions);
  });
});
