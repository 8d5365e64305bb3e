import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES, type PublicDatasetDto, type PublicResearcherProfileDto } from '@rrp/domain';
import {
  addTeamMember,
  createDataset,
  createProject,
  createRequest,
  linkRequestDatasets,
} from '../../db/factories';
import { auth, errorBody } from '../../../test/test-app';
import {
  t,
  admin,
  accessAdmin,
  sparkId,
  PDF,
  get,
  send,
  setUpCatalogueApi,
} from './catalogue.api-test-setup';

setUpCatalogueApi();

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
