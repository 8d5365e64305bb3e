import { describe, expect, it } from 'vitest';
import { RESEARCH_MATCH_MESSAGES, RESOURCE_MIX_MESSAGES } from '@rrp/domain';
import { listStatusName } from '@/lib/request-rules';
import { detailFormIds, researchMatchResource, selectionConfirmation, type Resource } from './rules';
import { emptyWizard, usageComplete } from './state';

const dataset = {
  ...researchMatchResource(),
  key: 'dataset-1',
  kind: 'dataset',
  id: 1,
  name: 'Data',
} as Resource;

describe('Research Match in the wizard', () => {
  it('always confirms the choice, with the mixing message when it replaces the selection', () => {
    expect(selectionConfirmation([], researchMatchResource())).toBe(
      RESEARCH_MATCH_MESSAGES.pickerConfirmation,
    );
    expect(selectionConfirmation([dataset], researchMatchResource())).toBe(
      `${RESOURCE_MIX_MESSAGES.dataset} ${RESEARCH_MATCH_MESSAGES.pickerConfirmation}`,
    );
    expect(selectionConfirmation([], dataset)).toBeNull();
  });

  it('asks the Research Match application as its details form', () => {
    expect(detailFormIds([researchMatchResource()])).toEqual(['research_match_application']);
  });

  it('needs only the terms at the usage step', () => {
    const usage = { ...emptyWizard().usage, terms: true };
    expect(usageComplete(usage, true)).toBe(true);
    expect(usageComplete(usage)).toBe(false);
  });

  it("shows an application's renewal status in lists", () => {
    const base = { status: 4, status_name: 'Approved', type: 4 };
    expect(listStatusName({ ...base, latest_renewal: null })).toBe('Approved');
    expect(
      listStatusName({
        ...base,
        latest_renewal: { id: 1, status: 2, status_name: 'Submitted', submission_date: null },
      }),
    ).toBe('Approved (Renewal Submitted)');
  });
});
