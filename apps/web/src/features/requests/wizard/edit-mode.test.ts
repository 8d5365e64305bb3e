import { describe, expect, it } from 'vitest';
import type { DatasetDto, RequestDto, SampleTypeDto } from '@rrp/domain';
import { wizardFromRequest } from './request-wizard-screen';

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
});
