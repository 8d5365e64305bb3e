import { describe, expect, it } from 'vitest';
import type { RequestDto } from '@rrp/domain';
import {
  SUSPENDED_ACTION_NEEDED,
  cohortNames,
  collectMessages,
  expiryText,
  homeNotices,
  irbRequired,
  statusName,
} from './request-rules';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const DAY = 86_400_000;

function request(overrides: Partial<RequestDto> = {}): RequestDto {
  return {
    id: 7,
    portal_request_id: 'R00007',
    display_name: 'SPARK Phenotype',
    type: 1,
    type_name: 'Dataset',
    status: 2,
    status_name: 'Submitted',
    project: {
      id: 3,
      title: 'Sleep',
      abstract: 'Sleep study',
      portal_project_id: 'P00003',
      non_autism_research: false,
      latest_irb: {
        id: 9,
        name: 'irb.pdf',
        designation: 1,
        approval_date: '2026-01-01',
        renewal_date: '2027-01-01',
        assurance_number: null,
        created: '2026-01-01T00:00:00Z',
      },
    },
    owner: { id: 1, display_name: 'Pat Investigator' },
    creator: null,
    institution: { id: 2, name: 'Lakeshore' },
    cohorts: [],
    submission_date: null,
    decision_date: null,
    expiration_date: null,
    revocation_date: null,
    reviewers_locked: false,
    access_control_list: [],
    expected_decision: null,
    latest_renewal: null,
    datasets: [],
    sample_type: null,
    additional_data: {},
    intent_to_download: null,
    agreed_nih: null,
    data_safeguard: null,
    gpf_access_status: null,
    agreed_to_usage_policy: true,
    research_team_ready: true,
    first_req_on_project: true,
    project_has_approved_req: false,
    has_new_irb: false,
    is_editable: false,
    created: '2026-11-01T00:00:00Z',
    modified: '2026-11-01T00:00:00Z',
    permissions: ['read'],
    ...overrides,
  };
}

describe('expiryText', () => {
  it("is 'EXPIRED' once the expiration date has passed", () => {
    expect(expiryText(new Date(NOW - DAY).toISOString(), NOW)).toBe('EXPIRED');
    expect(expiryText(new Date(NOW).toISOString(), NOW)).toBe('EXPIRED');
  });

  it("counts the days left as 'Expires in {n} days', rounding a part day up", () => {
    expect(expiryText(new Date(NOW + 30 * DAY).toISOString(), NOW)).toBe('Expires in 30 days');
    expect(expiryText(new Date(NOW + 29.5 * DAY).toISOString(), NOW)).toBe('Expires in 30 days');
    expect(expiryText(new Date(NOW + 3_600_000).toISOString(), NOW)).toBe('Expires in 1 day');
  });

  it('says nothing without a (valid) expiration date', () => {
    expect(expiryText(null, NOW)).toBeNull();
    expect(expiryText('not a date', NOW)).toBeNull();
  });
});

describe('irbRequired', () => {
  it('is true while an open request has a project without a latest IRB', () => {
    const project = { ...(request().project as object), latest_irb: null } as RequestDto['project'];
    expect(irbRequired(request({ project }))).toBe(true);
    expect(irbRequired(request({ project, status: 12 }))).toBe(true);
  });

  it('is false with an IRB, for closed requests, or when the project is not expanded', () => {
    const project = { ...(request().project as object), latest_irb: null } as RequestDto['project'];
    expect(irbRequired(request())).toBe(false);
    expect(irbRequired(request({ project, status: 5 }))).toBe(false);
    expect(irbRequired(request({ project: 3 }))).toBe(false);
  });
});

describe('homeNotices', () => {
  it("shows 'Suspended. Action Nedeed' (sic) to the owner of a suspended request only", () => {
    const suspended = request({ status: 14, status_name: 'Suspended' });
    expect(SUSPENDED_ACTION_NEEDED).toBe('Suspended. Action Nedeed');
    expect(homeNotices(suspended, 1, NOW)).toEqual(['Suspended. Action Nedeed']);
    expect(homeNotices(suspended, 2, NOW)).toEqual([]);
  });

  it('combines the IRB and expiry notices', () => {
    const project = { ...(request().project as object), latest_irb: null } as RequestDto['project'];
    const expiring = request({ project, expiration_date: new Date(NOW + 10 * DAY).toISOString() });
    expect(homeNotices(expiring, 1, NOW)).toEqual(['IRB Required', 'Expires in 10 days']);
  });
});

describe('list helpers', () => {
  it('names the cohorts of the request, else those of its datasets', () => {
    expect(
      cohortNames(
        request({
          cohorts: [
            { id: 1, name: 'SPARK' },
            { id: 2, name: 'SSC' },
          ],
        }),
      ),
    ).toBe('SPARK, SSC');
    const dataset = {
      id: 5,
      dataset_id: 'DS5',
      name: 'Genotypes',
      version: 1,
      type: 2,
      cohort: { id: 2, name: 'SSC' },
      accession_id: null,
      access_types: [],
    };
    expect(cohortNames(request({ datasets: [dataset, { ...dataset, id: 6 }] }))).toBe('SSC');
    expect(cohortNames(request())).toBe('');
  });

  it('uses the status name, else the status table', () => {
    expect(statusName({ status: 6, status_name: '' })).toBe('Revisions Requested');
    expect(statusName({ status: 2, status_name: 'Submitted' })).toBe('Submitted');
  });

  it('collects every message of an error body but its code and correlation id', () => {
    expect(
      collectMessages({
        non_field_errors: ['Nope.'],
        data: { detail: ['Also.'] },
        code: 'X',
        correlation_id: 'c',
      }),
    ).toEqual(['Nope.', 'Also.']);
  });
});
