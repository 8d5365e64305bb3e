import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { seedDemoCatalogue } from '../demo-catalogue';
import { generateData } from './generate-data';

let t: TestContext;
let admin: string;
const size = { users: 1200, institutions: 40, projects: 150, requests: 400, history: 2000 };

beforeAll(async () => {
  t = await createTestContext();
  const researcher = await t.createUser({ roles: ['primary_researcher'] });
  const staff = await t.createUser({ roles: ['portal_admin'] });
  await t.database.db.transaction((tx) =>
    seedDemoCatalogue(tx, { researcherId: researcher.id, adminId: staff.id }),
  );
  admin = await t.tokenFor(staff.email);
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
      history: size.history,
    });
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

  it('continues the id sequences, so the app can add rows afterwards', async () => {
    const [row] = (
      (await t.database.db.execute(
        sql`insert into institutions (name, status_id) values ('After generation', 3) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    expect(row!.id).toBeGreaterThan(size.institutions);
  });
});
