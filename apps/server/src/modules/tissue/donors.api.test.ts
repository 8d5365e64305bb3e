import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  DONOR_MESSAGES,
  donorImportSchema,
  type DonorDto,
  type DonorFilterOptions,
  type SessionUserDto,
} from '@rrp/domain';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { createProject, createRequest } from '../../db/factories';
import { abnDonors, history } from '../../db/schema';
import { DEMO_DONOR_COUNTS, seedDemoTissue } from '../../db/demo-tissue';
import { writeDonors } from './donor-import';

/**
 * The tissue donors (staff §3, §5, §7 abn_data, abn_data_pilot, abn_donor, abn_survey): who may read
 * them, the filter panel's filters in SQL, restricted donors, the donor page and its downloads.
 */
let t: TestContext;
let admin: string;
let manager: string;
let accessAdmin: string;
let reviewer: string;
let researcher: { id: number; email: string };
let researcherToken: string;
let outsider: string;

type Page = { count: number; next: string | null; results: DonorDto[] };
const get = (url: string, token: string) => t.app.inject({ url, headers: auth(token) });
const page = async (url: string, token = admin): Promise<Page> => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};

beforeAll(async () => {
  t = await createTestContext();
  await t.database.db.transaction(async (tx) => {
    await seedDemoTissue(tx, t.app.demo.storeDonorDocument);
  });
  admin = await t.tokenForRole('portal_admin');
  manager = await t.tokenForRole('abn_proj_mgr');
  accessAdmin = await t.tokenForRole('access_admin');
  reviewer = await t.tokenForRole('portal_reviewer');
  outsider = await t.tokenForRole('primary_researcher');
  researcher = await t.createUser({ roles: ['primary_researcher'] });
  researcherToken = await t.tokenFor(researcher.email);
  // An approved ABN Data Access request (type 6) opens the catalogue to its owner.
  const project = await createProject(t.database.db, { ownerId: researcher.id, title: 'Cortical layers' });
  await createRequest(t.database.db, { projectId: project.id, typeId: 6, statusId: 4 });
}, 120_000);
afterAll(() => t.close());

describe('who reads the tissue catalogue', () => {
  it('staff of the network read it; other staff do not', async () => {
    for (const token of [admin, manager, accessAdmin])
      expect((await get('/api/abn_data/', token)).statusCode).toBe(200);
    expect((await get('/api/abn_data/', reviewer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/abn_data/' })).statusCode).toBe(401);
  });

  it('researchers only once their ABN Data Access request is approved (the session says so)', async () => {
    const refused = await get('/api/abn_data/', outsider);
    expect(refused.statusCode).toBe(403);
    expect(errorBody(refused).detail).toBe(DONOR_MESSAGES.noAccess);
    expect((await get('/api/abn_donor/?donor_hash=ABN-04100', outsider)).statusCode).toBe(403);
    expect((await get('/api/user/me/', outsider)).json<SessionUserDto>().abn_approved).toBe(false);

    expect((await get('/api/abn_data/', researcherToken)).statusCode).toBe(200);
    expect((await get('/api/user/me/', researcherToken)).json<SessionUserDto>().abn_approved).toBe(true);
  });

  it('a data access request still under review opens nothing', async () => {
    const waiting = await t.createUser({ roles: ['primary_researcher'] });
    const project = await createProject(t.database.db, { ownerId: waiting.id, title: 'Waiting' });
    await createRequest(t.database.db, { projectId: project.id, typeId: 6, statusId: 3 });
    const token = await t.tokenFor(waiting.email);
    expect((await get('/api/abn_data/', token)).statusCode).toBe(403);
    expect((await get('/api/user/me/', token)).json<SessionUserDto>().abn_approved).toBe(false);
  });
});

describe('GET abn_data/ and abn_data_pilot/', () => {
  it('lists the catalogue by donor hash, 2,000 at most a page; the pilot set apart', async () => {
    const all = await page(`/api/abn_data/?limit=2000`);
    expect(all.count).toBe(DEMO_DONOR_COUNTS.catalogue);
    expect(all.results).toHaveLength(DEMO_DONOR_COUNTS.catalogue);
    expect(all.results.every((donor) => !donor.pilot)).toBe(true);
    const hashes = all.results.map((donor) => donor.donor_hash);
    expect(hashes).toEqual([...hashes].sort());
    const pilot = await page(`/api/abn_data_pilot/?limit=2000`);
    expect(pilot.count).toBe(DEMO_DONOR_COUNTS.pilot);
    expect(pilot.results.every((donor) => donor.pilot)).toBe(true);
    const first = await page('/api/abn_data/?limit=10');
    expect(first.results).toHaveLength(10);
    expect(first.next).toContain('offset=10');
  });

  it('filters in SQL by diagnosis, age, PMI, RIN, sex, hemisphere and conditions', async () => {
    const all = (await page('/api/abn_data/?limit=2000')).results;
    const expectSame = async (query: string, keep: (donor: DonorDto) => boolean) => {
      const filtered = await page(`/api/abn_data/?limit=2000&${query}`);
      expect(filtered.results.map((donor) => donor.id).sort(), query).toEqual(
        all
          .filter(keep)
          .map((donor) => donor.id)
          .sort(),
      );
      expect(filtered.count, query).toBeGreaterThan(0);
    };
    await expectSame('diagnosis__in=ASD,Dup15q Syndrome', (d) =>
      ['ASD', 'Dup15q Syndrome'].includes(d.diagnosis),
    );
    await expectSame('age__gte=13&age__lte=25.5', (d) => d.age !== null && d.age >= 13 && d.age <= 25.5);
    await expectSame('pmi__lte=12', (d) => d.pmi !== null && d.pmi <= 12);
    await expectSame('rin__gte=7', (d) => d.rin !== null && d.rin >= 7);
    await expectSame('gender=Female', (d) => d.gender === 'Female');
    await expectSame('left_hemisphere__in=Frozen,Frozen %26 Fixed', (d) =>
      ['Frozen', 'Frozen & Fixed'].includes(d.left_hemisphere ?? ''),
    );
    await expectSame('medical_conditions__in=Epilepsy,Sleep Disorder', (d) =>
      d.medical_conditions.some((c) => ['Epilepsy', 'Sleep Disorder'].includes(c)),
    );
    await expectSame('genetic_conditions=Dup15q', (d) =>
      d.genetic_conditions.some((c) => c.condition === 'Dup15q'),
    );
    await expectSame('restricted=true', (d) => d.restricted);
    await expectSame('search=ABN-041', (d) => d.donor_hash.includes('ABN-041'));
  });

  it('orders by a column either way', async () => {
    const ages = (await page('/api/abn_data/?limit=2000&ordering=-age&age__isnull=false')).results.map(
      (d) => d.age!,
    );
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
  });

  it('refuses bad filters with a 400 and the field', async () => {
    for (const [query, field] of [
      ['age__gte=old', 'age__gte'],
      ['pmi__lte=', 'pmi__lte'],
      ['ordering=shoe_size', 'ordering'],
      ['limit=-1', 'limit'],
    ] as const) {
      const response = await get(`/api/abn_data/?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(errorBody(response)[field], query).toBeDefined();
    }
    expect((await get('/api/abn_data/?eye_colour=blue', admin)).statusCode).toBe(400);
  });

  it('offers the values of the filter panel from the donors', async () => {
    const options = (await get('/api/abn_data/options/', admin)).json<DonorFilterOptions>();
    expect(options.diagnosis).toEqual(['ASD', 'Control', 'Dup15q Syndrome', 'Other NDD']);
    expect(options.medical_conditions).toContain('Epilepsy');
    expect(options.genetic_conditions).toContain('Dup15q');
  });

  it('answers one donor of a set by id; a donor of the other set is not found', async () => {
    const [donor] = (await page('/api/abn_data/?limit=1')).results;
    expect((await get(`/api/abn_data/${donor!.id}/`, admin)).json<DonorDto>().donor_hash).toBe(
      donor!.donor_hash,
    );
    expect((await get(`/api/abn_data_pilot/${donor!.id}/`, admin)).statusCode).toBe(404);
    expect((await get('/api/abn_data/999999/', admin)).statusCode).toBe(404);
  });
});

describe('restricted donors (under review, not confirmed)', () => {
  it('researchers see them but may not select them; project managers and access admins may', async () => {
    const restricted = await page('/api/abn_data/?restricted=true&limit=2000', researcherToken);
    expect(restricted.count).toBeGreaterThan(0);
    expect(
      restricted.results.every(
        (d) => /Under Review|Not Confirmed/.test(d.confirmation_status) && d.selectable === false,
      ),
    ).toBe(true);
    for (const token of [manager, accessAdmin, admin]) {
      const seen = await page('/api/abn_data/?restricted=true&limit=2000', token);
      expect(seen.results.every((d) => d.selectable)).toBe(true);
    }
    const open = await page('/api/abn_data/?restricted=false&limit=5', researcherToken);
    expect(open.results.every((d) => d.selectable && /^Confirmed/.test(d.confirmation_status))).toBe(true);
  });
});

describe('GET abn_donor/ and abn_survey/', () => {
  it('answers the donor of a hash with its documents and surveys; downloads a document', async () => {
    const response = await get('/api/abn_donor/?donor_hash=ABN-04100', researcherToken);
    expect(response.statusCode, response.body).toBe(200);
    const donor = response.json<DonorDto>();
    expect(donor.donor_hash).toBe('ABN-04100');
    expect(donor.documents).toHaveLength(1);
    expect(donor.documents[0]).toMatchObject({ doc_type: 'neuropath', doc_type_v: 'Neuropathology Report' });
    const file = await get(
      `/api/abn_donor/?donor_hash=ABN-04100&doc_id=${donor.documents[0]!.id}`,
      researcherToken,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('ABN-04100 neuropathology report.pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a document of another donor, or an unknown hash, is not found', async () => {
    const other = await get('/api/abn_donor/?donor_hash=ABN-04107', admin);
    const { documents } = (await get('/api/abn_donor/?donor_hash=ABN-04100', admin)).json<DonorDto>();
    expect(other.json<DonorDto>().documents).toEqual([]);
    expect(
      (await get(`/api/abn_donor/?donor_hash=ABN-04107&doc_id=${documents[0]!.id}`, admin)).statusCode,
    ).toBe(404);
    const unknown = await get('/api/abn_donor/?donor_hash=ABN-99999', admin);
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(unknown).detail).toBe(DONOR_MESSAGES.notFound);
    expect((await get('/api/abn_donor/', admin)).statusCode).toBe(400);
  });

  it('downloads a survey as CSV; an unknown type is a 400, a missing survey a 404', async () => {
    const [donor] = (await page('/api/abn_data/?limit=2000')).results.filter((d) =>
      d.surveys.includes('ADI-R'),
    );
    const csv = await get(
      `/api/abn_survey/?survey_type=ADI-R&donor_hash=${donor!.donor_hash}`,
      researcherToken,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('donor_hash,survey_type,item,question,answer');
    expect(lines[1]).toContain(`${donor!.donor_hash},ADI-R,A1,Direct gaze,`);
    const bad = await get(`/api/abn_survey/?survey_type=IQ&donor_hash=${donor!.donor_hash}`, admin);
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).survey_type).toEqual([DONOR_MESSAGES.surveyType]);
    const control = (await page('/api/abn_data/?diagnosis=Control&limit=1')).results[0]!;
    const missing = await get(`/api/abn_survey/?survey_type=ADI-R&donor_hash=${control.donor_hash}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing).detail).toBe(DONOR_MESSAGES.surveyNotFound('ADI-R'));
    expect(
      (await get(`/api/abn_survey/?survey_type=ADI-R&donor_hash=${control.donor_hash}`, outsider)).statusCode,
    ).toBe(403);
  });
});

describe('the demo donors', () => {
  it('are seeded once, with every diagnosis, restricted donors and an audit row each', async () => {
    const before = (await t.database.db.select({ n: count() }).from(abnDonors))[0]!.n;
    await t.database.db.transaction((tx) => seedDemoTissue(tx));
    expect((await t.database.db.select({ n: count() }).from(abnDonors))[0]!.n).toBe(before);
    const audits = await t.database.db
      .select({ n: count() })
      .from(history)
      .where(eq(history.model, 'abn_donor'));
    expect(audits[0]!.n).toBe(DEMO_DONOR_COUNTS.catalogue + DEMO_DONOR_COUNTS.pilot);
  });

  it('updates a donor when it is written again by hash', async () => {
    const donor = donorImportSchema.parse({
      donor_hash: 'ABN-04100',
      diagnosis: 'ASD',
      confirmation_status: 'Not Confirmed',
    });
    await writeDonors(t.database.db, [donor]);
    const [row] = await t.database.db.select().from(abnDonors).where(eq(abnDonors.donorHash, 'ABN-04100'));
    expect(row).toMatchObject({ confirmationStatus: 'Not Confirmed', restricted: true });
  });
});
