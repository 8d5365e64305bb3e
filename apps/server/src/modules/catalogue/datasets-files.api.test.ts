import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CATALOGUE_MESSAGES, type DatasetDto } from '@rrp/domain';
import { researchTeamMembers } from '../../db/schema';
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
  superuser,
  researcher,
  sscId,
  ZIP,
  PDF,
  UUID,
  valid,
  post,
  patch,
  get,
  created,
  upload,
  setUpDatasetsApi,
} from './datasets.api-test-setup';

setUpDatasetsApi();

describe('catalogue files', () => {
  it('takes a .zip data file from admins, attaches it by id, and keeps it from researchers', async () => {
    const refused = await upload('dataset_file', { name: 'data.pdf', content: PDF, type: 'application/pdf' });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).file).toEqual([CATALOGUE_MESSAGES.dataFileZip]);
    expect(
      (
        await upload(
          'dataset_file',
          { name: 'd.zip', content: ZIP, type: 'application/zip' },
          researcher.token,
        )
      ).statusCode,
    ).toBe(403);

    const file = await upload('dataset_file', { name: 'data.zip', content: ZIP, type: 'application/zip' });
    expect(file.statusCode, file.body).toBe(201);
    const fileId = file.json<{ id: number }>().id;
    const dataset = await created({ data_access: null, data_file: fileId });
    expect((await get(`/api/dataset/${dataset.id}/?expand=data_file`)).json().data_file).toEqual({
      id: fileId,
      name: 'data.zip',
      file: `/api/file/${fileId}/download/`,
    });
    expect((await get(`/api/file/${fileId}/`, researcher.token)).statusCode).toBe(404);
    expect((await get(`/api/file/${fileId}/`, accessAdmin)).statusCode).toBe(200);
    // Another dataset cannot take this dataset's file.
    const taken = await post('/api/dataset/', valid({ data_file: fileId }));
    expect(errorBody(taken).data_file).toEqual([CATALOGUE_MESSAGES.fileNotFound]);
  });

  it('attaches a dictionary uploaded for a dataset, readable by researchers; wrong kinds are refused', async () => {
    const dataset = await created();
    const wrong = await upload(
      'data_dictionary',
      { name: 'dictionary.zip', content: ZIP, type: 'application/zip' },
      admin,
      { dataset: String(dataset.id) },
    );
    expect(errorBody(wrong).file).toEqual([CATALOGUE_MESSAGES.dictionaryType]);
    const dictionary = await upload(
      'data_dictionary',
      { name: 'dictionary.pdf', content: PDF, type: 'application/pdf' },
      admin,
      { dataset: String(dataset.id) },
    );
    expect(dictionary.statusCode, dictionary.body).toBe(201);
    const id = dictionary.json<{ id: number }>().id;
    const read = await get(`/api/dataset/${dataset.id}/`, researcher.token);
    expect(read.json().public_data_dictionary).toMatchObject({ id, name: 'dictionary.pdf' });
    expect((await get(`/api/file/${id}/download/`, researcher.token)).statusCode).toBe(200);
    // A file of another kind cannot be sent as the data file.
    const misuse = await patch(`/api/dataset/${dataset.id}/`, { data_file: id });
    expect(errorBody(misuse).data_file).toEqual([CATALOGUE_MESSAGES.wrongFileType('dataset_file')]);
  });

  it('refuses an upload for an older version', async () => {
    const dataset = await created();
    await post(`/api/dataset/${dataset.id}/new_version/`, valid());
    const response = await upload(
      'release_notes',
      { name: 'notes.pdf', content: PDF, type: 'application/pdf' },
      admin,
      { dataset: String(dataset.id) },
    );
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).dataset).toEqual([CATALOGUE_MESSAGES.notLatest]);
  });
});

describe('GET dataset/', () => {
  it('filters, searches and orders; unknown filters are a 400', async () => {
    const tag = randomBytes(3).toString('hex');
    const a = await created({ name: `Alpha ${tag}`, cohort: sscId, origin: 2, accession_id: `ACC-${tag}` });
    const b = await created({ name: `Beta ${tag}`, type: 2 });
    await post(`/api/dataset/${b.id}/new_version/`, valid({ name: `Beta ${tag}`, type: 2 }));

    const search = await get(`/api/dataset/?search=${tag}&active=true&ordering=name`);
    expect(search.json().results.map((row: DatasetDto) => row.name)).toEqual([`Alpha ${tag}`, `Beta ${tag}`]);
    expect(search.json().results[1].version).toBe(2);
    expect((await get(`/api/dataset/?search=ACC-${tag}`)).json().count).toBe(1);
    // split: every word must match, in any searched field (here the name and the cohort).
    expect((await get(`/api/dataset/?search=${tag} ssc&split=true`)).json().count).toBe(1);
    expect((await get(`/api/dataset/?search=${tag} ssc`)).json().count).toBe(0);
    const bySsc = await get(`/api/dataset/?search=${tag}&cohort=${sscId}&origin=2&expand=cohort`);
    expect(bySsc.json().results).toEqual([
      expect.objectContaining({ id: a.id, cohort: { id: sscId, name: 'SSC' } }),
    ]);
    expect((await get(`/api/dataset/?search=${tag}&type=2&parent__isnull=true`)).json().results).toEqual([
      expect.objectContaining({ id: b.id }),
    ]);
    expect((await get(`/api/dataset/?dataset_id=${b.dataset_id}`)).json().count).toBe(2);
    expect((await get(`/api/dataset/?dataset_id=nonsense`)).json().count).toBe(0);
    expect((await get(`/api/dataset/?id__in=${a.id},${b.id}&limit=1000`)).json().count).toBe(2);
    expect((await get('/api/dataset/?colour=1')).statusCode).toBe(400);
    expect((await get('/api/dataset/?approved=maybe')).statusCode).toBe(400);
  });

  it('marks as approved what a project team holds, of any version, and stops when the member leaves', async () => {
    const db = t.database.db;
    const tag = randomBytes(3).toString('hex');
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const first = await createDataset(db, { name: `Versioned ${tag}` });
    const second = await createDataset(db, { parentId: first.id });
    const pending = await createDataset(db, { name: `Pending ${tag}` });
    const project = await createProject(db, { ownerId: owner.id });
    const member = await addTeamMember(db, {
      projectId: project.id,
      email: researcher.email,
      firstName: 'Team',
      lastName: 'Member',
    });
    const fulfilled = await createRequest(db, { projectId: project.id, typeId: 1, statusId: 7 });
    await linkRequestDatasets(db, fulfilled.id, [first.id]);
    // Approved with the team still pending (12) is not yet the catalogue's "approved".
    const pendingTeam = await createRequest(db, { projectId: project.id, typeId: 1, statusId: 12 });
    await linkRequestDatasets(db, pendingTeam.id, [pending.id]);
    const ids = async (approved: boolean) =>
      (await get(`/api/dataset/?search=${tag}&approved=${approved}`, researcher.token))
        .json<{ results: DatasetDto[] }>()
        .results.map((row) => row.id)
        .sort((a, b) => a - b);

    expect(await ids(true)).toEqual([first.id, second.id]);
    expect(await ids(false)).toEqual([pending.id]);
    await db
      .update(researchTeamMembers)
      .set({ removalDate: new Date() })
      .where(eq(researchTeamMembers.id, member.id));
    expect(await ids(true)).toEqual([]);
    expect(await ids(false)).toEqual([first.id, second.id, pending.id]);
  });

  it('shows researchers available datasets without internal fields, and marks the approved ones', async () => {
    const tag = randomBytes(3).toString('hex');
    const open = await created({ name: `Open ${tag}`, globus_group_id: UUID });
    const hidden = await created({ name: `Hidden ${tag}`, available: false });
    const project = await createProject(t.database.db, { ownerId: researcher.id });
    const request = await createRequest(t.database.db, { projectId: project.id, typeId: 1, statusId: 4 });
    await linkRequestDatasets(t.database.db, request.id, [open.id]);

    const list = await get(`/api/dataset/?search=${tag}`, researcher.token);
    expect(list.json().results).toHaveLength(1);
    const row = list.json().results[0] as DatasetDto;
    expect(row).toMatchObject({
      id: open.id,
      approved: true,
      data_access: null,
      globus_group_id: null,
      versions: [],
      allowed_users: [],
      permissions: ['list', 'read'],
    });
    expect((await get(`/api/dataset/?search=${tag}&approved=true`, researcher.token)).json().count).toBe(1);
    expect((await get(`/api/dataset/?search=${tag}&approved=false`, researcher.token)).json().count).toBe(0);
    expect((await get(`/api/dataset/${hidden.id}/`, researcher.token)).statusCode).toBe(404);
    // Dataset staff see the UUID's versions and the internal fields.
    for (const token of [accessAdmin, superuser]) {
      const staff = (await get(`/api/dataset/${open.id}/`, token)).json<DatasetDto>();
      expect(staff.data_access).toBe('s3://bucket/path/');
      expect(staff.versions).toHaveLength(1);
    }
    expect((await get(`/api/dataset/${hidden.id}/`, accessAdmin)).statusCode).toBe(200);
    expect((await get('/api/dataset/', null)).statusCode).toBe(401);
  });

  it('links related datasets by UUID to their latest version, hiding unavailable ones from researchers', async () => {
    const target = await created({ name: 'Related target' });
    const next = await post(`/api/dataset/${target.id}/new_version/`, valid({ name: 'Related target' }));
    const hidden = await created({ name: 'Related hidden', available: false });
    const source = await created({ related_datasets: [target.dataset_id, hidden.dataset_id.toUpperCase()] });
    expect(source.related_datasets).toEqual([
      { id: next.json().id, dataset_id: target.dataset_id, name: 'Related target' },
      { id: hidden.id, dataset_id: hidden.dataset_id, name: 'Related hidden' },
    ]);
    const seen = (await get(`/api/dataset/${source.id}/`, researcher.token)).json<DatasetDto>();
    expect(seen.related_datasets.map((row) => row.name)).toEqual(['Related target']);
  });

  it('builds on the factory the seed uses', async () => {
    const row = await createDataset(t.database.db, { name: 'Factory dataset', cohortId: sscId });
    const version = await createDataset(t.database.db, { parentId: row.id, changeNotes: 'v2' });
    const body = (await get(`/api/dataset/${row.datasetId}/`)).json<DatasetDto>();
    expect(body).toMatchObject({ id: version.id, version: 2, name: 'Factory dataset', cohort_name: 'SSC' });
  });
});
