import { describe, expect, it } from 'vitest';
import {
  abnRequestUnderReview,
  offeredResources,
  RESOURCE_DISABLED_REASONS,
  resourceDisabledReason,
  type PickableResource,
} from './index';

const resource = (over: Partial<PickableResource> = {}): PickableResource => ({
  approved: false,
  restricted: false,
  allowed: false,
  cohorts: ['SSC'],
  ...over,
});
const newcomer = { abnApproved: false, abnDataRequestUnderReview: false };

describe('resourceDisabledReason', () => {
  it('lets an open resource be picked', () => {
    expect(resourceDisabledReason(resource(), newcomer)).toBeNull();
  });

  it('refuses an approved resource first', () => {
    expect(resourceDisabledReason(resource({ approved: true, restricted: true }), newcomer)).toBe(
      '* You are already approved for this resource',
    );
  });

  it('refuses a restricted resource to anyone not on its allowed users', () => {
    expect(resourceDisabledReason(resource({ restricted: true }), newcomer)).toBe(
      RESOURCE_DISABLED_REASONS.restricted,
    );
    expect(resourceDisabledReason(resource({ restricted: true, allowed: true }), newcomer)).toBeNull();
  });

  it('asks for ABN data access first, and says when the data request is under review', () => {
    const abn = resource({ cohorts: ['ABN'] });
    expect(resourceDisabledReason(abn, newcomer)).toBe(
      '* Must apply for above Data Access before requesting this resource',
    );
    expect(resourceDisabledReason(abn, { ...newcomer, abnDataRequestUnderReview: true })).toBe(
      '* You have an ABN Data Request that is currently under review',
    );
    expect(resourceDisabledReason(abn, { abnApproved: true, abnDataRequestUnderReview: false })).toBeNull();
    // Restrictions still apply once ABN access is approved.
    expect(
      resourceDisabledReason(resource({ cohorts: ['ABN'], restricted: true }), {
        abnApproved: true,
        abnDataRequestUnderReview: false,
      }),
    ).toBe(RESOURCE_DISABLED_REASONS.restricted);
  });

  it('counts submitted and undecided ABN data requests as under review', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].filter(abnRequestUnderReview)).toEqual([
      2, 3, 6, 8, 9, 10,
    ]);
  });
});

describe('offeredResources', () => {
  const ssc = resource({ cohorts: ['SSC'] });
  const abn = resource({ cohorts: ['ABN'] });
  const none = resource({ cohorts: [] });
  const unnamed = resource({ cohorts: [null] });

  it('offers ABN resources only with abn_epic', () => {
    expect(offeredResources([ssc, abn, none], { nonAutism: false, abnEpic: false })).toEqual([ssc, none]);
    expect(offeredResources([ssc, abn, none], { nonAutism: false, abnEpic: true })).toEqual([ssc, abn, none]);
  });

  it('offers projects not related to autism only resources without a cohort', () => {
    expect(offeredResources([ssc, abn, none, unnamed], { nonAutism: true, abnEpic: true })).toEqual([
      none,
      unnamed,
    ]);
  });
});

describe('the ABN Data Access entry (decision 235)', () => {
  const dataAccess = {
    approved: false,
    restricted: false,
    allowed: false,
    cohorts: ['ABN'],
    abnDataAccess: true,
  };
  it('is open until approved, closed while a data request is under review', () => {
    expect(
      resourceDisabledReason(dataAccess, { abnApproved: false, abnDataRequestUnderReview: false }),
    ).toBeNull();
    expect(resourceDisabledReason(dataAccess, { abnApproved: false, abnDataRequestUnderReview: true })).toBe(
      RESOURCE_DISABLED_REASONS.abnUnderReview,
    );
    expect(resourceDisabledReason(dataAccess, { abnApproved: true, abnDataRequestUnderReview: false })).toBe(
      RESOURCE_DISABLED_REASONS.approved,
    );
  });
});
