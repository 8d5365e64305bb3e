import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CATALOGUE_MESSAGES,
  type DatasetAccessDto,
  type PublicDatasetDto,
  type PublicResearcherProfileDto,
  type SampleTypeDto,
} from '@rrp/domain';
import { cohorts, datasetAccess, history, sampleTypeAllowedUsers } from '../../db/schema';
import {
  addTeamMember,
  createDataset,
  createProject,
  createRequest,
  linkRequestDatasets,
} from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/** Sample types, dataset access records and the public pages (public resources and researchers). */
let t: TestContext;
let admin: string;
let accessAdmin: string;
let researcher: { id: number; email: string; token: string };
let sparkId: number;

const ENDPOINT = '7d2e9a10-4b3c-4d5e-8f6a-1b2c3d4e5f60';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  accessAdmin = await t.tokenForRole('access_admin');
  const r = await t.createUser({ roles: ['primary_researcher'], firstName: 'Rosa', lastName: 'Franklin' });
  researcher = { ...r, token: await t.tokenFor(r.email) };
  sparkId = (await t.database.db.select().from(cohorts).where(eq(cohorts.name, 'SPARK')))[0]!.id;
});
afterAll(() => t.close());

async function get(url: string, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
}
async function send(method: 'POST' | 'PATCH', url: string, payload: object, token: string | null = admin) {
  return t.app.inject({ method, url, headers: token ? auth(token) : {}, payload });
}

describe('sample types', () => {
  it('lists the six sample types with their cohorts and limited flag', async () => {
    const response = await get(
      '/api/sample-type/?expand=cohorts&parent__isnull=true&ordering=name',
      researcher.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ count: number; results: SampleTypeDto[] }>().results;
    expect(rows.map((row) => row.name)).toEqual(['DNA', 'Fibroblast', 'iPSC', 'LCL', 'LCL DNA', 'Plasma']);
    const ipsc = rows.find((row) => row.type === 'ipsc')!;
    expect(ipsc.limited).toBe(true);
    expect(ipsc.cohorts).toEqual(expect.arrayContaining([{ id: sparkId, name: 'SPARK' }]));
    expect((await get('/api/sample-type/?parent__isnull=false')).json().count).toBe(0);
    expect((await get(`/api/sample-type/?cohorts=${sparkId}`)).json().count).toBeGreaterThan(0);
    expect((await get(`/api/sample-type/${ipsc.id}/`, researcher.token)).json().cohorts).toEqual(
      expect.arrayContaining([sparkId]),
    );
    expect((await get('/api/sample-type/', null)).statusCode).toBe(401);
  });

  it('lets portal admins set allowed users; one invalid address refuses the whole list', async () => {
    const ipsc = (await get('/api/sample-type/?type=ipsc')).json().results[0] as SampleTypeDto;
    const ok = await send('PATCH', `/api/sample-type/${ipsc.id}/`, { allowed_users: [researcher.email] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<SampleTypeDto>().allowed_users).toEqual([researcher.email]);
    const bad = await send('PATCH', `/api/sample-type/${ipsc.id}/`, { allowed_users: ['a@b.test', 'oops'] });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).allowed_users).toEqual([CATALOGUE_MESSAGES.invalidEmails(['oops'])]);
    const rows = await t.database.db
      .select()
      .from(sampleTypeAllowedUsers)
      .where(eq(sampleTypeAllowedUsers.sampleTypeId, ipsc.id));
    expect(rows.map((row) => row.userId)).toEqual([researcher.id]);
    const entries = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'sampletype'), eq(history.objectId, String(ipsc.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changedFields).toEqual(['allowed_users']);
    // Researchers do not change the list, and see only themselves on it (the wizard's restricted rule).
    expect(
      (await send('PATCH', `/api/sample-type/${ipsc.id}/`, { allowed_users: [] }, researcher.token))
        .statusCode,
    ).toBe(403);
    expect((await get(`/api/sample-type/${ipsc.id}/`, researcher.token)).json().allowed_users).toEqual([
      researcher.email,
    ]);
    const outsider = await t.createUser({ roles: ['primary_researcher'] });
    const outsiderToken = await t.tokenFor(outsider.email);
    expect((await get(`/api/sample-type/${ipsc.id}/`, outsiderToken)).json().allowed_users).toEqual([]);
    const listed = (await get('/api/sample-type/?type=ipsc', outsiderToken)).json()
      .results as SampleTypeDto[];
    expect(listed[0]!.allowed_users).toEqual([]);
    await send('PATCH', `/api/sample-type/${ipsc.id}/`, {
      allowed_users: [researcher.email, outsider.email],
    });
    const seen = (await get('/api/sample-type/?type=ipsc', outsiderToken)).json().results as SampleTypeDto[];
    expect(seen[0]!.allowed_users).toEqual([outsider.email]);
    expect((await get('/api/sample-type/999999/')).statusCode).toBe(404);
  });
});

describe('dataset access', () => {
  it('grants, repeats safely, revokes and lists access per user, dataset and channel', async () => {
    const dataset = await createDataset(t.database.db, {
      name: 'Globus dataset',
      globusLocations: [{ endpoint_id: ENDPOINT, endpoint_name: 'Base', location: '/x/' }],
    });
    const grant = await send(
      'POST',
      '/api/datasetaccess/?expand=user,dataset',
      { user: researcher.id, dataset: dataset.id, access_type: 'Globus', status: 'granted' },
      accessAdmin,
    );
    expect(grant.statusCode, grant.body).toBe(201);
    const record = grant.json<DatasetAccessDto>();
    expect(record).toMatchObject({
      access_type: 'Globus',
      status: 'granted',
      user: { id: researcher.id, display_name: 'Rosa Franklin', email: researcher.email },
      dataset: { id: dataset.id, dataset_id: dataset.datasetId, name: 'Globus dataset' },
    });
    const again = await send(
      'POST',
      '/api/datasetaccess/',
      { user: researcher.id, dataset: dataset.id, access_type: 'Globus', status: 'granted' },
      accessAdmin,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(record.id);

    const revoke = await send(
      'PATCH',
      `/api/datasetaccess/${record.id}/`,
      { status: 'revoked' },
      accessAdmin,
    );
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().status).toBe('revoked');
    const [row] = await t.database.db.select().from(datasetAccess).where(eq(datasetAccess.id, record.id));
    expect(row!.status).toBe('revoked');
    const entries = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'datasetaccess'), eq(history.objectId, String(record.id))));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);

    const list = await get(`/api/datasetaccess/?user__in=${researcher.id}&limit=1000`, accessAdmin);
    expect(list.json().results).toEqual([expect.objectContaining({ id: record.id, status: 'revoked' })]);
    expect((await get(`/api/datasetaccess/?dataset=${dataset.id}`, admin)).json().count).toBe(1);
    expect(
      (await get(`/api/datasetaccess/?dataset__dataset_id=${dataset.datasetId}`, admin)).json().count,
    ).toBe(1);
  });

  it('refuses a channel the dataset does not offer, with a clear message, and unknown users or datasets', async () => {
    const dataset = await createDataset(t.database.db, { name: 'S3 only', dataAccess: 's3://b/p/' });
    const body = { user: researcher.id, dataset: dataset.id, status: 'granted' };
    const globus = await send('POST', '/api/datasetaccess/', { ...body, access_type: 'Globus' }, accessAdmin);
    expect(errorBody(globus).access_type).toEqual([CATALOGUE_MESSAGES.noGlobus]);
    const gpf = await send('POST', '/api/datasetaccess/', { ...body, access_type: 'GPF' }, accessAdmin);
    expect(errorBody(gpf).access_type).toEqual([CATALOGUE_MESSAGES.noGpf]);
    const aws = await send('POST', '/api/datasetaccess/', { ...body, access_type: 'AWS' }, accessAdmin);
    expect(aws.statusCode).toBe(201);
    const other = await send('POST', '/api/datasetaccess/', { ...body, access_type: 'Other' }, accessAdmin);
    expect(other.statusCode).toBe(201);
    // Changing a record to a channel already recorded, or one not offered, is refused.
    const clash = await send(
      'PATCH',
      `/api/datasetaccess/${other.json().id}/`,
      { access_type: 'AWS' },
      accessAdmin,
    );
    expect(errorBody(clash).access_type).toEqual([
      'This user already has a AWS access record for this dataset.',
    ]);
    const notOffered = await send(
      'PATCH',
      `/api/datasetaccess/${other.json().id}/`,
      { access_type: 'GPF' },
      accessAdmin,
    );
    expect(errorBody(notOffered).access_type).toEqual([CATALOGUE_MESSAGES.noGpf]);

    const noUser = await send(
      'POST',
      '/api/datasetaccess/',
      { ...body, user: 999_999, access_type: 'AWS' },
      accessAdmin,
    );
    expect(errorBody(noUser).user).toEqual([CATALOGUE_MESSAGES.unknownUser]);
    const noDataset = await send(
      'POST',
      '/api/datasetaccess/',
      { ...body, dataset: 999_999, access_type: 'AWS' },
      accessAdmin,
    );
    expect(errorBody(noDataset).dataset).toEqual([CATALOGUE_MESSAGES.unknownDataset]);
    const badType = await send('POST', '/api/datasetaccess/', { ...body, access_type: 'FTP' }, accessAdmin);
    expect(errorBody(badType).access_type).toEqual(['Choose Globus, AWS, GPF or Other.']);
    const badStatus = await send(
      'POST',
      '/api/datasetaccess/',
      { ...body, access_type: 'AWS', status: 'pending' },
      accessAdmin,
    );
    expect(errorBody(badStatus).status).toEqual(['Choose granted or revoked.']);
  });

  it("lists the researchers of a dataset: its approved requests' owners and teams, and access holders", async () => {
    const dataset = await createDataset(t.database.db, { name: 'Researchers dataset' });
    const version = await createDataset(t.database.db, { parentId: dataset.id });
    const owner = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Olive',
      lastName: 'Owner',
    });
    const member = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Mia',
      lastName: 'Member',
    });
    const holder = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Hal',
      lastName: 'Holder',
    });
    const pending = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Pat',
      lastName: 'Pending',
    });
    const project = await createProject(t.database.db, { ownerId: owner.id });
    await addTeamMember(t.database.db, {
      projectId: project.id,
      email: member.email,
      firstName: 'Mia',
      lastName: 'Member',
    });
    await addTeamMember(t.database.db, {
      projectId: project.id,
      email: 'no-account@example.test',
      firstName: 'N',
      lastName: 'A',
    });
    const request = await createRequest(t.database.db, { projectId: project.id, typeId: 1, statusId: 4 });
    // The request names the first version; the page lists the latest.
    await linkRequestDatasets(t.database.db, request.id, [dataset.id]);
    const pendingProject = await createProject(t.database.db, { ownerId: pending.id });
    const open = await createRequest(t.database.db, { projectId: pendingProject.id, typeId: 1, statusId: 2 });
    await linkRequestDatasets(t.database.db, open.id, [version.id]);
    await send(
      'POST',
      '/api/datasetaccess/',
      { user: holder.id, dataset: version.id, access_type: 'AWS', status: 'granted' },
      accessAdmin,
    );

    const response = await get(`/api/dataset/${version.id}/researchers/?limit=1000`, accessAdmin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      { id: holder.id, display_name: 'Hal Holder', email: holder.email },
      { id: member.id, display_name: 'Mia Member', email: member.email },
      { id: owner.id, display_name: 'Olive Owner', email: owner.email },
    ]);
    expect((await get(`/api/dataset/${version.id}/researchers/?search=olive`, admin)).json().count).toBe(1);
    expect((await get(`/api/dataset/${version.id}/researchers/`, researcher.token)).statusCode).toBe(403);
    expect((await get('/api/dataset/999999/researchers/', accessAdmin)).statusCode).toBe(404);
  });

  it('is managed by access admins only; portal admins read it', async () => {
    const dataset = await createDataset(t.database.db, { dataAccess: 's3://b/q/' });
    const body = { user: researcher.id, dataset: dataset.id, access_type: 'AWS', status: 'granted' };
    expect((await send('POST', '/api/datasetaccess/', body, admin)).statusCode).toBe(403);
    expect((await send('POST', '/api/datasetaccess/', body, researcher.token)).statusCode).toBe(403);
    expect((await get('/api/datasetaccess/', researcher.token)).statusCode).toBe(403);
    expect((await get('/api/datasetaccess/', admin)).statusCode).toBe(200);
    expect((await get('/api/datasetaccess/999999/', accessAdmin)).statusCode).toBe(404);
    expect(
      (await send('PATCH', '/api/datasetaccess/999999/', { status: 'granted' }, accessAdmin)).statusCode,
    ).toBe(404);
  });
});

describe('public resources', () => {
  it('shows visitors the latest version of available datasets, without internal fields', async () => {
    const tag = randomBytes(3).toString('hex');
    const first = await createDataset(t.database.db, {
      name: `Public ${tag}`,
      cohortId: sparkId,
      globusGroupId: '9b1d7e0a-3c4f-4e8b-a2d6-7f5e1c3b9d20',
      dataAccess: 's3://secret/location/',
      gpfGroup: 'INTERNAL',
    });
    const second = await createDataset(t.database.db, {
      parentId: first.id,
      dataAccess: 's3://secret/location/',
    });
    const hidden = await createDataset(t.database.db, { name: `Hidden ${tag}`, available: false });

    const list = await get(`/api/public/dataset/?search=${tag}`, null);
    expect(list.statusCode, list.body).toBe(200);
    const results = list.json<{ results: PublicDatasetDto[] }>().results;
    expect(results.map((row) => [row.id, row.version])).toEqual([[second.id, 2]]);
    const [row] = results;
    expect(row!.cohort).toEqual({ id: sparkId, name: 'SPARK' });
    expect(row!.access_types).toEqual(['Globus', 'AWS']);
    for (const key of [
      'data_access',
      'globus_group_id',
      'gpf_group',
      'data_file',
      'allowed_users',
      'versions',
    ]) {
      expect(row).not.toHaveProperty(key);
    }
    expect(JSON.stringify(row)).not.toContain('secret');

    expect((await get(`/api/public/dataset/${first.datasetId}/`, null)).json().id).toBe(second.id);
    expect((await get(`/api/public/dataset/${first.id}/`, null)).statusCode).toBe(404);
    expect((await get(`/api/public/dataset/${hidden.id}/`, null)).statusCode).toBe(404);
    expect(
      (await get(`/api/public/dataset/?origin=1&type=1&cohort=${sparkId}&search=${tag}`, null)).json().count,
    ).toBe(1);
    expect((await get('/api/public/dataset/?available=false', null)).statusCode).toBe(400);
  });

  it("lets visitors download a public dataset's data dictionary", async () => {
    const dataset = await createDataset(t.database.db, { name: 'With dictionary' });
    const boundary = '----rrpdictionary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ndata_dictionary\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="dataset"\r\n\r\n${dataset.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dictionary.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/file/',
      headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const detail = (await get(`/api/public/dataset/${dataset.datasetId}/`, null)).json<PublicDatasetDto>();
    expect(detail.public_data_dictionary).toEqual({
      id: uploaded.json().id,
      name: 'dictionary.pdf',
      file: `/api/public/dataset/${dataset.id}/data_dictionary/`,
    });
    const download = await get(detail.public_data_dictionary!.file, null);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await get(`/api/public/dataset/${dataset.id}/release_notes/`, null)).statusCode).toBe(404);
  });

  it('lists researchers with approved dataset requests and shows their approved projects', async () => {
    const owner = await t.createUser({ roles: ['primary_researcher'], firstName: 'Ada', lastName: 'Zephyr' });
    const project = await createProject(t.database.db, {
      ownerId: owner.id,
      title: 'Internal title',
      abstract: 'Internal abstract',
      publicTitle: 'Sleep and autism',
      publicAbstract: 'A public abstract.',
    });
    await addTeamMember(t.database.db, {
      projectId: project.id,
      email: 'colleague@example.test',
      firstName: 'Cora',
      lastName: 'Colleague',
    });
    const dataset = await createDataset(t.database.db, { name: 'Approved phenotype data' });
    const approved = await createRequest(t.database.db, { projectId: project.id, typeId: 1, statusId: 7 });
    await linkRequestDatasets(t.database.db, approved.id, [dataset.id]);
    // A pending request and a non-dataset request do not count.
    const other = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Ada',
      lastName: 'Pending',
    });
    const otherProject = await createProject(t.database.db, { ownerId: other.id });
    await createRequest(t.database.db, { projectId: otherProject.id, typeId: 1, statusId: 2 });
    await createRequest(t.database.db, { projectId: otherProject.id, typeId: 2, statusId: 4 });

    const list = await get('/api/public/user/?search=Ada', null);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results).toEqual([
      { id: owner.id, name: 'Ada Zephyr', institution_name: 'Test University' },
    ]);

    const profile = await get(`/api/public/user/${owner.id}/`, null);
    expect(profile.json<PublicResearcherProfileDto>()).toEqual({
      id: owner.id,
      name: 'Ada Zephyr',
      institution_name: 'Test University',
      projects: [
        {
          id: project.id,
          title: 'Sleep and autism',
          abstract: 'A public abstract.',
          datasets: [{ id: dataset.id, dataset_id: dataset.datasetId, name: 'Approved phenotype data' }],
          team: [
            { name: 'Ada Zephyr', role: 'Primary Researcher', institution_name: 'Test University' },
            { name: 'Cora Colleague', role: 'Co-Investigator', institution_name: null },
          ],
        },
      ],
    });
    expect(JSON.stringify(profile.json())).not.toContain('@');
    // A researcher without approved dataset requests has an empty page; other accounts none.
    expect((await get(`/api/public/user/${other.id}/`, null)).json().projects).toEqual([]);
    const staff = await t.createUser({ roles: ['portal_admin'] });
    expect((await get(`/api/public/user/${staff.id}/`, null)).statusCode).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('documents the catalogue calls', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/dataset/',
        '/api/dataset/{id}/',
        '/api/dataset/{id}/new_version/',
        '/api/sample-type/',
        '/api/datasetaccess/',
        '/api/public/dataset/',
        '/api/public/user/{id}/',
      ]),
    );
    const params = document.paths['/api/dataset/'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['search', 'approved', 'active', 'parent__isnull', 'id__in']),
    );
  });
});

describe('numbers beyond the 32-bit ids', () => {
  it('answer 404 or 400, never a server error', async () => {
    const huge = '99999999999';
    expect((await get(`/api/sample-type/${huge}/`)).statusCode).toBe(404);
    expect((await get(`/api/datasetaccess/${huge}/`, accessAdmin)).statusCode).toBe(404);
    expect((await get(`/api/dataset/${huge}/`)).statusCode).toBe(404);
    const filter = await get(`/api/dataset/?id__in=1,${huge}`);
    expect(errorBody(filter).id__in).toEqual(['Ensure this value is less than or equal to 2147483647.']);
    const grant = await send(
      'POST',
      '/api/datasetaccess/',
      { user: Number(huge), dataset: Number(huge), access_type: 'AWS', status: 'granted' },
      accessAdmin,
    );
    expect(errorBody(grant)).toMatchObject({
      user: [CATALOGUE_MESSAGES.unknownUser],
      dataset: [CATALOGUE_MESSAGES.unknownDataset],
    });
  });
});
