import { describe, expect, it } from 'vitest';
import type { RequestDatasetRef } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { requestTabs, TAB_LABELS } from './request-tab-list';
import { accessDetailsMessage } from './access-details-tab';
import { deletionDisabled, failureLines } from './request-actions';

const labels = (keys: ReturnType<typeof requestTabs>) => keys.map((key) => TAB_LABELS[key]);

const dataset = (access_types: string[]): RequestDatasetRef => ({
  id: 1,
  dataset_id: 'DS1',
  name: 'SPARK Phenotype',
  version: 1,
  type: 1,
  cohort: null,
  accession_id: null,
  access_types,
});

describe('requestTabs', () => {
  it('gives dataset requests Access Details only when approved or fulfilled', () => {
    expect(labels(requestTabs({ type: 1, status: 2 }, 'primary_researcher'))).toEqual([
      'PI and Project',
      'Request Details and Research Team',
      'Data Sharing Policy',
      'Renewal Info',
    ]);
    for (const status of [4, 7])
      expect(labels(requestTabs({ type: 1, status }, 'primary_researcher'))).toContain('Access Details');
  });

  it('gives biospecimen requests Availability for admins and reviewers only', () => {
    expect(labels(requestTabs({ type: 2, status: 2 }, 'portal_admin'))).toEqual([
      'PI and Project',
      'Request Details',
      'Research Team',
      'Data Sharing Policy',
      'Availability',
      'Renewal Info',
    ]);
    expect(labels(requestTabs({ type: 2, status: 2 }, 'portal_reviewer'))).toContain('Availability');
    expect(labels(requestTabs({ type: 2, status: 2 }, 'primary_researcher'))).not.toContain('Availability');
  });

  it('puts the Renewal tab of a Research Match application last for the researcher, first for staff (issue 30.9)', () => {
    for (const role of ['primary_researcher', 'pi_sbso']) {
      expect(labels(requestTabs({ type: 4, status: 2 }, role))).toEqual([
        'PI and Recruitment Study',
        'Request Details',
        'Research Team',
        'Data Usage Policy',
        'Publication Info',
        'Renewal',
      ]);
    }
    expect(labels(requestTabs({ type: 4, status: 2 }, 'rm_admin', { summary: true })).slice(0, 3)).toEqual([
      'Summary',
      'Renewal',
      'PI and Recruitment Study',
    ]);
  });

  it('shows the owner of a tissue request the proposal they sent, and no order tabs (issue 30.3, 30.9)', () => {
    const approved = { type: 8, status: 4 };
    expect(labels(requestTabs(approved, 'primary_researcher', { orders: 'read' }))).toEqual([
      'PI and Project',
      'Request Details and Research Team',
      'Collection',
      'Data Sharing Policy',
    ]);
    // The pilot set's inventory cart (researcher §2 "Inventory-cart type").
    expect(labels(requestTabs({ type: 7, status: 4 }, 'primary_researcher'))).toEqual([
      'PI and Project',
      'Research Team',
      'Collection',
      'Data Sharing Policy',
    ]);
    expect(labels(requestTabs(approved, 'abn_proj_mgr', { tissueReviews: true, orders: 'send' }))).toEqual([
      'PI and Project',
      'Request Details and Research Team',
      'Collection',
      'Reviews',
      'Order Details',
      'Previous Orders',
      'Data Sharing Policy',
    ]);
  });
});

describe('accessDetailsMessage', () => {
  it('needs an approved institution first, then a fully executed RDA, then an accessible dataset', () => {
    expect(accessDetailsMessage(null, [dataset(['Globus'])])).toBe(
      'Institution must be approved to view Access Details.',
    );
    expect(accessDetailsMessage({ status: 2, rda_status: 3 }, [dataset(['Globus'])])).toBe(
      'Institution must be approved to view Access Details.',
    );
    expect(accessDetailsMessage({ status: 3, rda_status: 2 }, [dataset(['Globus'])])).toBe(
      'RDA must be fulfilled to view Access Details.',
    );
    expect(accessDetailsMessage({ status: 3, rda_status: 3 }, [dataset([])])).toBe(
      'There are no datasets with accessible details or access details has been restricted.',
    );
    expect(accessDetailsMessage({ status: 3, rda_status: 3 }, [dataset(['Globus'])])).toBeNull();
  });
});

describe('deletion', () => {
  it('is disabled for approved and rejected requests and those an approval led to', () => {
    for (const status of [4, 5, 7, 12, 13, 14]) expect(deletionDisabled({ status })).toBe(true);
    for (const status of [1, 2, 3, 6, 9, 11]) expect(deletionDisabled({ status })).toBe(false);
  });

  it("shows the server's message and the request it returned", () => {
    const error = new ApiError(
      400,
      {
        non_field_errors: ['An approved or rejected request cannot be deleted.'],
        status: false,
        data: { portal_request_id: 'R00004', status_name: 'Approved' },
      },
      'DELETE',
      '/api/request/4/',
      null,
    );
    expect(failureLines(error)).toEqual([
      'An approved or rejected request cannot be deleted.',
      'Request R00004 (Approved)',
    ]);
    expect(failureLines(new Error('offline'))).toEqual(['Error: offline']);
  });
});
