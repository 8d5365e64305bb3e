import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CATALOGUE_MESSAGES, type DatasetDto } from '@rrp/domain';
import { cohorts, datasetAllowedUsers, datasets, history, researchTeamMembers } from '../../db/schema';
import {
  addTeamMember,
  createDataset,
  createProject,
  createRequest,
  linkRequestDatasets,
} from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/** Datasets: the form's rules, versions, allowed users, the catalogue's files, lists and who sees what. */
let t: TestContext;
let admin: string;
let accessAdmin: string;
let superuser: string;
let researcher: { id: number; email: string; token: string };
let sparkId: number;
let sscId: number;

const ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const UUID = '0b6f7c4e-2a51-4f0a-9d3c-5e8f1a2b3c4d';
const ENDPOINT = '7d2e9a10-4b3c-4d5e-8f6a-1b2c3d4e5f60';

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  accessAdmin = await t.tokenForRole('access_admin');
  superuser = await t.tokenForRole('superuser');
  const r = await t.createUser({ roles: ['primary_researcher'] });
  researcher = { ...r, token: await t.tokenFor(r.email) };
  const rows = await t.database.db.select().from(cohorts);
  sparkId = rows.find((row) => row.name === 'SPARK')!.id;
  sscId = rows.find((row) => row.name === 'SSC')!.id;
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: `Dataset ${randomBytes(3).toString('hex')}`,
  description: '<p>Phenotype data.</p>',
  cohort: sparkId,
  type: 1,
  origin: 1,
  release_date: '2024-05-01',
  data_access: 's3://bucket/path/',
  ...overrides,
});

async function post(url: string, payload: unknown, token = admin) {
  return t.app.inject({ method: 'POST', url, headers: auth(token), payload: payload as object });
}
async function patch(url: string, payload: unknown, token = admin) {
  return t.app.inject({ method: 'PATCH', url, headers: auth(token), payload: payload as object });
}
async function get(url: string, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
}
async function created(overrides: Record<string, unknown> = {}): Promise<DatasetDto> {
  const response = await post('/api/dataset/', valid(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DatasetDto>();
}

function multipart(fields: Record<string, string>, file: { name: string; content: Buffer; type: string }) {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  type: string,
  file: { name: string; content: Buffer; type: string },
  token = admin,
  fields: Record<string, string> = {},
) {
  const body = multipart({ type, ...fields }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('POST dataset/ (the dataset form)', () => {
  it('creates a dataset with a stable UUID, version 1, a sanitised description and its history', async () => {
    const response = await post(
      '/api/dataset/',
      valid({
        description:
          '<p onclick="steal()">Hello <strong>world</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
        globus_group_id: UUID.toUpperCase(),
        globus_locations: [{ endpoint_id: ENDPOINT, endpoint_name: 'SFARI Base', location: '/spark/' }],
        gpf_accessible: true,
        accession_id: 'SFARI-1',
        file_size: '1.2 GB',
        order: '4',
        asd_participants: '120',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<DatasetDto>();
    expect(body.dataset_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toMatchObject({
      version: 1,
      parent: null,
      is_latest: true,
      type_name: 'Phenotype',
      origin_name: 'Simons Foundation',
      cohort: sparkId,
      cohort_name: 'SPARK',
      release_date: '2024-05-01',
      order: 4,
      asd_participants: 120,
      globus_group_id: UUID,
      access_types: ['Globus', 'AWS', 'GPF'],
    });
    expect(body.description).toBe('<p>Hello <strong>world</strong></p><a>x</a>');
    expect(body.permissions).toEqual(expect.arrayContaining(['read', 'create', 'update']));
    expect(body.versions).toEqual([expect.objectContaining({ id: body.id, version: 1, is_latest: true })]);
    const rows = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'dataset'), eq(history.objectId, String(body.id))));
    expect(rows.map((row) => row.action)).toEqual(['create']);
  });

  it("refuses a dataset without a data file, Globus location or S3 location with the spec's message", async () => {
    const before = await t.database.db.$count(datasets);
    const response = await post('/api/dataset/', valid({ data_access: '' }));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).non_field_errors).toEqual([CATALOGUE_MESSAGES.locationRequired]);
    expect(await t.database.db.$count(datasets)).toBe(before);
  });

  it("answers 'Not a valid UUID' for the Globus group and for an endpoint id", async () => {
    const response = await post(
      '/api/dataset/',
      valid({
        globus_group_id: 'not-a-uuid',
        globus_locations: [{ endpoint_id: '1234', endpoint_name: 'Base', location: '/x/' }],
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = errorBody(response);
    expect(body.globus_group_id).toEqual(['Not a valid UUID']);
    expect(body.globus_locations).toEqual(['Not a valid UUID']);
  });

  it("requires the release date ('Required field') and keeps the field limits", async () => {
    const response = await post(
      '/api/dataset/',
      valid({
        release_date: '',
        name: 'x'.repeat(256),
        accession_id: 'a'.repeat(101),
        file_size: '12345678901',
        gpf_dataset_id: 'g'.repeat(101),
        globus_locations: [
          { endpoint_id: ENDPOINT, endpoint_name: 'n'.repeat(41), location: 'l'.repeat(101) },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = errorBody(response);
    expect(body.release_date).toEqual(['Required field']);
    expect(body.name).toEqual(['Ensure this field has no more than 255 characters.']);
    expect(body.accession_id).toEqual(['Ensure this field has no more than 100 characters.']);
    expect(body.file_size).toEqual(['Ensure this field has no more than 10 characters.']);
    expect(body.gpf_dataset_id).toEqual(['Ensure this field has no more than 100 characters.']);
    expect(body.globus_locations).toEqual([
      'Ensure this field has no more than 40 characters.',
      'Ensure this field has no more than 100 characters.',
    ]);
  });

  it('refuses an unknown cohort, related dataset or type', async () => {
    const response = await post('/api/dataset/', valid({ cohort: 999_999 }));
    expect(errorBody(response).cohort).toEqual([CATALOGUE_MESSAGES.unknownCohort]);
    const related = await post('/api/dataset/', valid({ related_datasets: [UUID] }));
    expect(errorBody(related).related_datasets).toEqual([CATALOGUE_MESSAGES.unknownRelated]);
    const type = await post('/api/dataset/', valid({ type: 7 }));
    expect(errorBody(type).type).toEqual(['Choose the dataset type.']);
  });

  it('lets access admins create datasets but not researchers', async () => {
    expect((await post('/api/dataset/', valid(), accessAdmin)).statusCode).toBe(201);
    expect((await post('/api/dataset/', valid(), researcher.token)).statusCode).toBe(403);
    expect((await post('/api/dataset/', valid(), '')).statusCode).toBe(401);
  });
});

describe('PATCH dataset/{id}/ and new versions', () => {
  it('edits the details of the latest version, with history; access admins may not', async () => {
    const dataset = await created();
    const response = await patch(`/api/dataset/${dataset.id}/`, {
      name: 'Renamed dataset',
      description: '<p>New <em>text</em></p><style>p{}</style>',
      available: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renamed dataset',
      description: '<p>New <em>text</em></p>',
      available: false,
    });
    expect((await patch(`/api/dataset/${dataset.id}/`, { name: 'x' }, accessAdmin)).statusCode).toBe(403);
    const entries = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'dataset'), eq(history.objectId, String(dataset.id))));
    expect(entries.find((entry) => entry.action === 'update')?.changedFields).toEqual([
      'available',
      'description',
      'name',
    ]);
  });

  it('refuses an edit that removes the last location', async () => {
    const dataset = await created();
    const response = await patch(`/api/dataset/${dataset.id}/`, { data_access: null });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).non_field_errors).toEqual([CATALOGUE_MESSAGES.locationRequired]);
  });

  it('makes a new version (version + 1, parent linked), and refuses to version or edit an older one', async () => {
    const first = await created({ name: 'Versioned dataset' });
    const response = await post(`/api/dataset/${first.id}/new_version/`, {
      ...valid({ name: 'Versioned dataset', release_date: '2025-01-01' }),
      change_notes: 'Adds 2,000 families.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const second = response.json<DatasetDto>();
    expect(second).toMatchObject({
      dataset_id: first.dataset_id,
      version: 2,
      parent: first.id,
      is_latest: true,
      change_notes: 'Adds 2,000 families.',
    });
    expect(second.versions.map((version) => [version.version, version.is_latest])).toEqual([
      [1, false],
      [2, true],
    ]);
    const again = await post(`/api/dataset/${first.id}/new_version/`, valid());
    expect(again.statusCode).toBe(400);
    expect(errorBody(again).non_field_errors).toEqual([CATALOGUE_MESSAGES.notLatest]);
    const edit = await patch(`/api/dataset/${first.id}/`, { name: 'Old' });
    expect(edit.statusCode).toBe(400);
    expect(errorBody(edit).non_field_errors).toEqual([CATALOGUE_MESSAGES.notLatest]);
    // As the spec reads it: POST dataset/ with the parent.
    const third = await post('/api/dataset/', valid({ name: 'Versioned dataset', parent: second.id }));
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json()).toMatchObject({ version: 3, parent: second.id, dataset_id: first.dataset_id });
    // The UUID finds the latest version; the id finds that version.
    expect((await get(`/api/dataset/${first.dataset_id}/`)).json().version).toBe(3);
    expect((await get(`/api/dataset/${first.id}/`)).json()).toMatchObject({ version: 1, is_latest: false });
    expect((await get(`/api/dataset/${first.id}/`)).json().permissions).not.toContain('update');
  });

  it('lets only portal admins make versions; an unknown dataset is a 404', async () => {
    const dataset = await created();
    expect((await post(`/api/dataset/${dataset.id}/new_version/`, valid(), accessAdmin)).statusCode).toBe(
      403,
    );
    expect((await post('/api/dataset/999999/new_version/', valid())).statusCode).toBe(404);
    expect((await get('/api/dataset/not-an-id/')).statusCode).toBe(404);
    expect((await get(`/api/dataset/${UUID}/`)).statusCode).toBe(404);
  });
});

describe('allowed users (restricted resources)', () => {
  it('sets the list by e-mail and refuses a list with one invalid address whole', async () => {
    const dataset = await created({ limited: true });
    const other = await t.createUser({ roles: ['primary_researcher'] });
    const ok = await patch(`/api/dataset/${dataset.id}/`, {
      allowed_users: [researcher.email.toUpperCase(), ` ${other.email} `],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<DatasetDto>().allowed_users.sort()).toEqual([researcher.email, other.email].sort());

    const bad = await patch(`/api/dataset/${dataset.id}/`, {
      allowed_users: [researcher.email, 'not-an-email'],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).allowed_users).toEqual([CATALOGUE_MESSAGES.invalidEmails(['not-an-email'])]);
    const unknown = await patch(`/api/dataset/${dataset.id}/`, { allowed_users: ['nobody@example.test'] });
    expect(errorBody(unknown).allowed_users).toEqual([
      CATALOGUE_MESSAGES.unknownUsers(['nobody@example.test']),
    ]);
    const rows = await t.database.db
      .select()
      .from(datasetAllowedUsers)
      .where(eq(datasetAllowedUsers.datasetId, dataset.id));
    expect(rows).toHaveLength(2);
  });

  it('shows a researcher only their own place on the list', async () => {
    const dataset = await created({ limited: true });
    const other = await t.createUser({ roles: ['primary_researcher'] });
    await patch(`/api/dataset/${dataset.id}/`, { allowed_users: [other.email] });
    expect((await get(`/api/dataset/${dataset.id}/`, researcher.token)).json().allowed_users).toEqual([]);
    await patch(`/api/dataset/${dataset.id}/`, { allowed_users: [other.email, researcher.email] });
    expect((await get(`/api/dataset/${dataset.id}/`, researcher.token)).json().allowed_users).toEqual([
      researcher.email,
    ]);
    const listed = (await get(`/api/dataset/?limited=true&limit=1000`, researcher.token)).json()
      .results as DatasetDto[];
    expect(listed.find((row) => row.id === dataset.id)?.allowed_users).toEqual([researcher.email]);
    expect((await get(`/api/dataset/${dataset.id}/`)).json().allowed_users.sort()).toEqual(
      [other.email, researcher.email].sort(),
    );
  });

  it('carries the allowed users to a new version', async () => {
    const dataset = await created({ limited: true });
    await patch(`/api/dataset/${dataset.id}/`, { allowed_users: [researcher.email] });
    const next = await post(`/api/dataset/${dataset.id}/new_version/`, valid({ limited: true }));
    expect(next.json<DatasetDto>().allowed_users).toEqual([researcher.email]);
  });
});

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
