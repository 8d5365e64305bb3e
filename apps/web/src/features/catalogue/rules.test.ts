import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES, type DatasetDto } from '@rrp/domain';
import {
  changedFields,
  datasetPath,
  datasetPayload,
  datasetValues,
  newLocationRow,
  parseEmails,
  parseUsDate,
  serverFieldErrors,
  validateDataset,
  type DatasetFiles,
  type DatasetValues,
} from './rules';

const UUID = '3f2b8c1e-5d4a-4b6c-9e7f-0a1b2c3d4e5f';
const NO_FILES: DatasetFiles = { dataFile: null, dictionary: null, releaseNotes: null };
const file = (name: string) => new File(['x'], name);

function values(patch: Partial<DatasetValues> = {}): DatasetValues {
  return {
    ...datasetValues(undefined),
    name: 'SPARK Phenotype',
    type: '1',
    origin: '1',
    release_date: '2025-01-31',
    data_access: 's3://bucket/spark',
    ...patch,
  };
}

describe('validateDataset', () => {
  it('accepts a complete form', () => {
    expect(validateDataset(values(), NO_FILES, false)).toEqual({});
  });

  it('requires name, type, origin and the release date', () => {
    const errors = validateDataset(
      values({ name: ' ', type: null, origin: null, release_date: '' }),
      NO_FILES,
      false,
    );
    expect(errors).toMatchObject({
      name: CATALOGUE_MESSAGES.requiredField,
      type: CATALOGUE_MESSAGES.requiredField,
      origin: CATALOGUE_MESSAGES.requiredField,
      release_date: CATALOGUE_MESSAGES.requiredField,
    });
  });

  it('needs a data file, a Globus location or S3 data access', () => {
    const bare = values({ data_access: '' });
    expect(validateDataset(bare, NO_FILES, false).form).toBe(
      'Data File, Globus Location, or Data Access (S3 Location) are required',
    );
    expect(validateDataset(bare, { ...NO_FILES, dataFile: file('data.zip') }, false)).toEqual({});
    expect(validateDataset(bare, NO_FILES, true)).toEqual({});
    const located = values({
      data_access: '',
      globus_locations: [newLocationRow({ endpoint_id: UUID, endpoint_name: 'SFARI', location: '/spark' })],
    });
    expect(validateDataset(located, NO_FILES, false)).toEqual({});
  });

  it("refuses ids that are not UUIDs with 'Not a valid UUID'", () => {
    const errors = validateDataset(
      values({
        globus_group_id: 'group-1',
        globus_locations: [newLocationRow({ endpoint_id: 'nope', endpoint_name: '', location: '/x' })],
      }),
      NO_FILES,
      false,
    );
    expect(errors.globus_group_id).toBe('Not a valid UUID');
    expect(errors['globus_locations.0.endpoint_id']).toBe('Not a valid UUID');
    expect(errors['globus_locations.0.endpoint_name']).toBe(CATALOGUE_MESSAGES.requiredField);
  });

  it('checks the kinds of the files and the length limits', () => {
    const errors = validateDataset(
      values({ accession_id: 'a'.repeat(101), file_size: '12345678901', families: '3.5' }),
      { dataFile: file('data.tar'), dictionary: file('dict.docx'), releaseNotes: file('notes.exe') },
      false,
    );
    expect(errors).toMatchObject({
      data_file: CATALOGUE_MESSAGES.dataFileZip,
      public_data_dictionary: CATALOGUE_MESSAGES.dictionaryType,
      public_release_notes: CATALOGUE_MESSAGES.releaseNotesType,
      accession_id: CATALOGUE_MESSAGES.tooLong(100),
      file_size: CATALOGUE_MESSAGES.tooLong(10),
      families: CATALOGUE_MESSAGES.notANumber,
    });
    expect(validateDataset(values(), { ...NO_FILES, dictionary: file('Dictionary.XLSX') }, false)).toEqual(
      {},
    );
  });
});

describe('datasetPayload and changedFields', () => {
  it('coerces numbers and empties', () => {
    const body = datasetPayload(values({ order: '3', families: '', asd_participants: '12', cohort: '2' }), 7);
    expect(body).toMatchObject({
      type: 1,
      origin: 1,
      order: 3,
      cohort: 2,
      families: null,
      asd_participants: 12,
      data_file: 7,
      gpf_group: null,
    });
    expect('order' in datasetPayload(values({ order: '' }), null)).toBe(false);
  });

  it('keeps only what changed', () => {
    const before = datasetPayload(values(), null);
    const after = datasetPayload(values({ name: 'Renamed', families: '40' }), null);
    expect(changedFields(before, after)).toEqual({ name: 'Renamed', families: 40 });
    expect(changedFields(before, before)).toEqual({});
  });
});

describe('helpers', () => {
  it('links datasets by UUID (latest) or by version id, with a mode', () => {
    expect(datasetPath({ dataset_id: UUID })).toBe(`/dataset/${UUID}?isUUID=true`);
    expect(datasetPath({ dataset_id: UUID }, 'new_version')).toBe(
      `/dataset/${UUID}?isUUID=true&mode=new_version`,
    );
    expect(datasetPath({ id: 4 }, 'edit_details')).toBe('/dataset/4?mode=edit_details');
  });

  it('reads the first message of each field, nested ones by path', () => {
    expect(
      serverFieldErrors({
        name: ['Required field', 'other'],
        globus_locations: [{}, { endpoint_id: ['Not a valid UUID'] }],
        correlation_id: 'x',
      }),
    ).toEqual({ name: 'Required field', 'globus_locations.1.endpoint_id': 'Not a valid UUID' });
  });

  it('parses dates and e-mail lists', () => {
    expect(parseUsDate('02/29/2024')).toBe('2024-02-29');
    expect(parseUsDate('02/30/2024')).toBeNull();
    expect(parseEmails('a@x.org, b@y.org;c@z.org\n d@w.org')).toEqual([
      'a@x.org',
      'b@y.org',
      'c@z.org',
      'd@w.org',
    ]);
  });

  it('fills the form from a dataset, starting change notes afresh', () => {
    const dataset = {
      name: 'SSC',
      description: '<p>x</p>',
      cohort: { id: 3, name: 'SSC' },
      type: 2,
      origin: 1,
      release_date: '2024-01-01',
      available: false,
      limited: true,
      accession_id: null,
      file_size: '1 GB',
      order: 4,
      asd_participants: 10,
      control_participants: null,
      families: 0,
      data_access: null,
      gpf_accessible: true,
      gpf_group: null,
      gpf_dataset_id: null,
      globus_group_id: UUID,
      globus_locations: [{ endpoint_id: UUID, endpoint_name: 'E', location: '/l' }],
      related_datasets: [{ id: 1, dataset_id: UUID, name: 'Other' }],
      change_notes: 'old notes',
    } as unknown as DatasetDto;
    expect(datasetValues(dataset)).toMatchObject({
      cohort: '3',
      type: '2',
      available: false,
      limited: true,
      order: '4',
      families: '0',
      control_participants: '',
      related_datasets: [UUID],
      change_notes: '',
    });
  });
});
