import { describe, expect, it } from 'vitest';
import type { DatasetDto, RequestDto, SampleTypeDto } from '@rrp/domain';
import { wizardFromRequest } from './from-request';

const dataset = (id: number, over: Partial<DatasetDto> = {}) =>
  ({
    id,
    dataset_id: `uuid-${id}`,
    name: `Dataset ${id}`,
    type_name: 'Genetic',
    cohort: null,
    cohort_name: 'SSC',
    accession_id: null,
    file_size: null,
    release_date: null,
    access_types: ['Globus', 'GPF'],
    approved: false,
    limited: false,
    allowed_users: [],
    ...over,
  }) as DatasetDto;

const sampleType = {
  id: 5,
  name: 'Plasma',
  type: 'plasma',
  limited: false,
  allowed_users: [],
  cohorts: [],
} as unknown as SampleTypeDto;

const request = (over: Partial<RequestDto>) =>
  ({
    project: 7,
    datasets: [1],
    sample_type: null,
    additional_data: {},
    agreed_nih: true,
    data_safeguard: true,
    gpf_access_status: 2,
    intent_to_download: true,
    access_control_list: [{ user_id: 3, removal_date: null, verified: true }],
    ...over,
  }) as RequestDto;

describe('edit mode', () => {
  it("loads a dataset request's resources, answers and team access", () => {
    const data = wizardFromRequest(
      request({ additional_data: { globus_username: 'me@globusid.org' } }),
      [dataset(1), dataset(2)],
      [sampleType],
    );
    expect(data.projectId).toBe(7);
    expect(data.selection.map((item) => item.name)).toEqual(['Dataset 1']);
    expect(data.details).toEqual({
      dataset_security: { agreed_nih: [true], data_safeguard: [true] },
      gpf_access: { gpf_access_status: 2 },
      globus_account: { globus_username: 'me@globusid.org' },
    });
    expect(data.intentToDownload).toBe(true);
    expect(data.access).toEqual({ 3: true });
  });

  it("loads a biospecimen request's sample ids and form answers", () => {
    const data = wizardFromRequest(
      request({
        datasets: [],
        sample_type: { id: 5, name: 'Plasma', type: 'plasma' },
        additional_data: { sample_type: 5, samples: { '11000-p1': 1, '11000-mo': 1 }, usage: 'Proteomics' },
      }),
      [dataset(1)],
      [sampleType],
    );
    expect(data.selection.map((item) => item.name)).toEqual(['Plasma']);
    expect(data.details).toEqual({ plasma: { usage: 'Proteomics', samples: ['11000-p1', '11000-mo'] } });
  });

  it('brings back the usage answers and the terms box of a saved draft (issue 30 item 6)', () => {
    const dataset1 = wizardFromRequest(
      request({
        additional_data: { globus_username: 'me@globusid.org', usage_answers: [true, true, true] },
        agreed_to_usage_policy: true,
      }),
      [dataset(1)],
      [sampleType],
    );
    expect(dataset1.usage).toEqual({ answers: [true, true, true], terms: true });
    // The answers are the usage step's, not an answer of the dataset forms.
    expect(dataset1.details.globus_account).toEqual({ globus_username: 'me@globusid.org' });

    const samples = wizardFromRequest(
      request({
        datasets: [],
        sample_type: { id: 5, name: 'Plasma', type: 'plasma' },
        additional_data: { sample_type: 5, samples: { a: 1 }, usage: 'x', usage_answers: [true, true, true] },
        agreed_to_usage_policy: true,
      }),
      [],
      [sampleType],
    );
    expect(samples.usage).toEqual({ answers: [true, true, true], terms: true });
    expect(samples.details.plasma).toEqual({ usage: 'x', samples: ['a'] });

    const tissue = wizardFromRequest(
      request({ type: 8, datasets: [], additional_data: { cart: 4, usage_answers: [true, false, null] } }),
      [],
      [],
    );
    expect(tissue.usage).toEqual({ answers: [true, false, null], terms: false });

    const researchMatch = wizardFromRequest(
      request({
        type: 4,
        datasets: [],
        additional_data: { rm_application: {} },
        agreed_to_usage_policy: true,
      }),
      [],
      [],
    );
    expect(researchMatch.usage.terms).toBe(true);
  });
});
