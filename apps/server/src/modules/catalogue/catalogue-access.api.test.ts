import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CATALOGUE_MESSAGES, type DatasetAccessDto, type SampleTypeDto } from '@rrp/domain';
import { datasetAccess, history, sampleTypeAllowedUsers } from '../../db/schema';
import {
  addTeamMember,
  createDataset,
  createProject,
  createRequest,
  linkRequestDatasets,
} from '../../db/factories';
import { errorBody } from '../../../test/test-app';
import {
  t,
  admin,
  accessAdmin,
  researcher,
  sparkId,
  ENDPOINT,
  get,
  send,
  setUpCatalogueApi,
} from './catalogue.api-test-setup';

setUpCatalogueApi();

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
