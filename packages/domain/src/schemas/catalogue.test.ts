import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_MESSAGES,
  DATASET_ACCESS_STATUS_LABELS,
  DATASET_ACCESS_STATUSES,
  isUuid,
} from './catalogue';
import {
  allowedUsersSchema,
  createDatasetSchema,
  hasDatasetLocation,
  updateDatasetSchema,
} from './dataset-inputs';

const ENDPOINT = '7d2e9a10-4b3c-4d5e-8f6a-1b2c3d4e5f60';
const base = { name: 'SPARK Phenotype', type: '1', origin: 2, release_date: '2024-05-01' };

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('dataset form', () => {
  it('needs a data file, a Globus location or an S3 location', () => {
    expect(messages(createDatasetSchema.safeParse(base))).toEqual([
      ['non_field_errors', CATALOGUE_MESSAGES.locationRequired],
    ]);
    expect(createDatasetSchema.safeParse({ ...base, data_file: 4 }).success).toBe(true);
    expect(createDatasetSchema.safeParse({ ...base, data_access: 's3://b/' }).success).toBe(true);
    expect(
      createDatasetSchema.safeParse({
        ...base,
        globus_locations: [{ endpoint_id: ENDPOINT, endpoint_name: 'Base', location: '/x/' }],
      }).success,
    ).toBe(true);
    expect(hasDatasetLocation({ data_file: null, globus_locations: [], data_access: '' })).toBe(false);
  });

  it("answers 'Not a valid UUID' and 'Required field', and coerces type and order to numbers", () => {
    const result = createDatasetSchema.safeParse({
      ...base,
      release_date: '',
      data_access: 's3://b/',
      globus_group_id: 'group',
      globus_locations: [{ endpoint_id: 'x', endpoint_name: 'Base', location: '/x/' }],
    });
    expect(messages(result)).toEqual([
      ['release_date', 'Required field'],
      ['globus_group_id', 'Not a valid UUID'],
      ['globus_locations.0.endpoint_id', 'Not a valid UUID'],
    ]);
    const parsed = createDatasetSchema.parse({ ...base, data_access: 's3://b/', order: '7' });
    expect(parsed).toMatchObject({ type: 1, order: 7 });
  });

  it('lets an edit send only what changed', () => {
    expect(updateDatasetSchema.parse({ name: ' New name ' })).toEqual({ name: 'New name' });
    expect(updateDatasetSchema.safeParse({ unknown: 1 }).success).toBe(false);
  });

  it('recognises UUIDs', () => {
    expect(isUuid(ENDPOINT.toUpperCase())).toBe(true);
    expect(isUuid('42')).toBe(false);
  });
});

describe('allowed users', () => {
  it('trims, lower-cases and deduplicates a valid list', () => {
    expect(
      allowedUsersSchema.parse([' Ada@Example.test', 'ada@example.test', '', 'bo@example.test']),
    ).toEqual(['ada@example.test', 'bo@example.test']);
  });

  it('refuses the whole list when one address is invalid, naming it', () => {
    expect(messages(allowedUsersSchema.safeParse(['ada@example.test', 'not-an-email']))).toEqual([
      ['', CATALOGUE_MESSAGES.invalidEmails(['not-an-email'])],
    ]);
  });
});

describe('dataset access statuses as people read them (issue 30 item 9)', () => {
  it('names every status in words, never its lower-case key', () => {
    for (const status of DATASET_ACCESS_STATUSES) {
      expect(DATASET_ACCESS_STATUS_LABELS[status]).toMatch(/^[A-Z][a-z]+$/);
      expect(DATASET_ACCESS_STATUS_LABELS[status]).not.toBe(status);
    }
  });
});
