import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CATALOGUE_MESSAGES, type DatasetDto } from '@rrp/domain';
import { datasetAllowedUsers, datasets, history } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  t,
  accessAdmin,
  researcher,
  sparkId,
  UUID,
  ENDPOINT,
  valid,
  post,
  patch,
  get,
  created,
  setUpDatasetsApi,
} from './datasets.api-test-setup';

setUpDatasetsApi();

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
