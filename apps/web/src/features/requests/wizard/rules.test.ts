import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES, RESOURCE_MIX_MESSAGES } from '@rrp/domain';
import {
  allowedStep,
  detailFormIds,
  formFieldKeys,
  groupResources,
  hashForStep,
  mixingConflict,
  resourcesTitle,
  SAMPLE_MESSAGES,
  searchResources,
  splitSubmissionErrors,
  stepFromHash,
  teamTitle,
  visibleResources,
  DISABLED_REASONS,
  wizardSteps,
  type Resource,
  tissueResources,
  needsCollection,
  researchMatchResource,
} from './rules';

const resource = (overrides: Partial<Resource>): Resource => ({
  key: `dataset-${overrides.id ?? 1}`,
  kind: 'dataset',
  id: 1,
  name: 'SPARK Phenotype',
  group: 'Phenotype Data',
  cohort: 'SPARK',
  accessionId: null,
  fileSize: null,
  releaseDate: null,
  formCode: null,
  accessTypes: [],
  disabledReason: null,
  restricted: false,
  approved: false,
  allowed: false,
  ...overrides,
  cohorts:
    overrides.cohorts ??
    (overrides.cohort === undefined ? ['SPARK'] : overrides.cohort ? [overrides.cohort] : []),
});

const ipsc = resource({
  key: 'sample-1',
  kind: 'sample',
  id: 1,
  name: 'iPSC',
  group: 'Biospecimen',
  formCode: 'ipsc',
});
const plasma = resource({
  key: 'sample-2',
  kind: 'sample',
  id: 2,
  name: 'Plasma',
  group: 'Biospecimen',
  formCode: 'plasma',
});

describe('wizard steps', () => {
  it('has six steps for researchers, no usage step for staff, no project or resources when editing', () => {
    expect(wizardSteps({ staff: false, editing: false })).toEqual([
      'project',
      'resources',
      'details',
      'team',
      'usage',
      'review',
    ]);
    expect(wizardSteps({ staff: true, editing: false })).toEqual([
      'project',
      'resources',
      'details',
      'team',
      'review',
    ]);
    expect(wizardSteps({ staff: false, editing: true })).toEqual(['details', 'team', 'usage', 'review']);
  });

  it('reads and writes the #project_request_{step} hash', () => {
    expect(hashForStep(3)).toBe('#project_request_3');
    expect(stepFromHash('#project_request_3')).toBe(3);
    expect(stepFromHash('#other')).toBeNull();
    expect(stepFromHash('')).toBeNull();
  });

  it('enters a step only when every earlier step has output, else returns to step 0', () => {
    expect(allowedStep(2, 6, [true, true, false])).toBe(2);
    expect(allowedStep(3, 6, [true, true, false])).toBe(0);
    expect(allowedStep(1, 6, [false])).toBe(0);
    expect(allowedStep(9, 6, [true, true, true, true, true, true])).toBe(0);
    expect(allowedStep(0, 6, [])).toBe(0);
  });

  it('titles the team and resources steps', () => {
    expect(teamTitle(0)).toBe('Identify Research Team');
    expect(teamTitle(1)).toBe('1 Additional Team Member');
    expect(teamTitle(4)).toBe('4 Additional Team Members');
    expect(resourcesTitle([])).toBeNull();
    expect(resourcesTitle(['A'])).toBe('A');
    expect(resourcesTitle(['A', 'B', 'C'])).toBe('A + 2 more');
  });
});

describe('resources', () => {
  it('refuses mixing datasets with biospecimens and a second biospecimen', () => {
    const dataset = resource({});
    expect(mixingConflict([], dataset)).toBeNull();
    expect(mixingConflict([dataset], resource({ id: 2, key: 'dataset-2' }))).toBeNull();
    expect(mixingConflict([dataset], ipsc)).toBe(RESOURCE_MIX_MESSAGES.dataset);
    expect(mixingConflict([ipsc], dataset)).toBe(RESOURCE_MIX_MESSAGES.dataset);
    expect(mixingConflict([ipsc], plasma)).toBe(RESOURCE_MIX_MESSAGES.oneBiospecimen);
  });

  it('shows non-autism projects only resources without a cohort', () => {
    const open = resource({ id: 2, key: 'dataset-2', cohort: null });
    expect(visibleResources([resource({}), open], true)).toEqual([open]);
    expect(visibleResources([resource({}), open], false)).toHaveLength(2);
  });

  it('offers ABN resources only with abn_epic, each with its reason for researchers', () => {
    const abn = resource({ id: 3, key: 'dataset-3', cohort: 'ABN' });
    const restricted = resource({ id: 4, key: 'dataset-4', restricted: true });
    const allowed = resource({ id: 5, key: 'dataset-5', restricted: true, allowed: true });
    const approved = resource({ id: 6, key: 'dataset-6', approved: true });
    const all = [abn, restricted, allowed, approved];
    expect(visibleResources(all, false).map((item) => item.key)).toEqual([
      'dataset-4',
      'dataset-5',
      'dataset-6',
    ]);
    const requester = { abnApproved: false, abnDataRequestUnderReview: false };
    const reasons = (list: Resource[]) =>
      Object.fromEntries(list.map((item) => [item.key, item.disabledReason]));
    expect(reasons(visibleResources(all, false, { abnEpic: true, requester }))).toEqual({
      'dataset-3': DISABLED_REASONS.mustApply,
      'dataset-4': DISABLED_REASONS.restricted,
      'dataset-5': null,
      'dataset-6': DISABLED_REASONS.approved,
    });
    expect(
      visibleResources([abn], false, {
        abnEpic: true,
        requester: { ...requester, abnDataRequestUnderReview: true },
      })[0]!.disabledReason,
    ).toBe('* You have an ABN Data Request that is currently under review');
    // Staff filing for a PI: only their own approvals stop them; the server checks the PI.
    expect(reasons(visibleResources(all, false, { abnEpic: true }))).toEqual({
      'dataset-3': null,
      'dataset-4': null,
      'dataset-5': null,
      'dataset-6': DISABLED_REASONS.approved,
    });
  });

  it('searches by name or cohort from 2 characters', () => {
    const list = [resource({}), resource({ id: 2, key: 'dataset-2', name: 'SSC Genomes', cohort: 'SSC' })];
    expect(searchResources(list, 's')).toHaveLength(2);
    expect(searchResources(list, 'genomes')).toHaveLength(1);
    expect(searchResources(list, 'spark')).toHaveLength(1);
    expect(searchResources(list, 'zz')).toHaveLength(0);
  });

  it('groups by resource type in the spec order, or by cohort with no cohort last', () => {
    const list = [
      ipsc,
      resource({}),
      resource({ id: 3, key: 'dataset-3', group: 'Genetic Data', cohort: null }),
    ];
    expect(groupResources(list, 'type').map((group) => group.name)).toEqual([
      'Phenotype Data',
      'Genetic Data',
      'Biospecimen',
    ]);
    expect(groupResources(list, 'cohort').map((group) => group.name)).toEqual(['SPARK', 'No Cohort']);
  });

  it('gives datasets the security form, GPF and Globus when their channels need them; samples their form', () => {
    expect(detailFormIds([])).toEqual([]);
    expect(detailFormIds([resource({})])).toEqual(['dataset_security']);
    const both = [resource({ accessTypes: ['GPF'] }), resource({ id: 2, accessTypes: ['Globus'] })];
    expect(detailFormIds(both, true)).toEqual(['dataset_security', 'gpf_access', 'globus_account']);
    expect(detailFormIds(both, false)).toEqual(['dataset_security', 'gpf_access']);
    expect(detailFormIds([resource({ accessTypes: ['AWS'] })], true)).toEqual([
      'dataset_security',
      'globus_account',
    ]);
    expect(detailFormIds([resource({ accessTypes: ['GPF'] })], true)).toEqual([
      'dataset_security',
      'gpf_access',
    ]);
    expect(detailFormIds([ipsc])).toEqual(['ipsc']);
  });
});

describe('sample messages', () => {
  it('quotes the spec', () => {
    expect(SAMPLE_MESSAGES.saveFailed).toBe('* Save Failed.  Please fix the ids below and try again');
    expect(SAMPLE_MESSAGES.required).toBe('* Required field');
    expect(SAMPLE_MESSAGES.fixIds(true)).toBe('* Please fix the ids below!');
    expect(SAMPLE_MESSAGES.fixIds(false)).toBe('* Please fix the ids below!!');
    expect(REQUEST_MESSAGES.alreadyApprovedShort).toBe('* You are already approved for this resource');
  });
});

describe('submission errors', () => {
  const keys = { globus_account: ['globus_username'], ipsc: ['samples', 'usage'] };

  it('sends keys of a details form to that form and lists the others', () => {
    const split = splitSubmissionErrors(
      {
        globus_username: ['Required field'],
        additional_data: { usage: ['Required field'], other: ['Bad'] },
        non_field_errors: ['The IRB has expired.'],
        correlation_id: 'abc',
        datasets: ['One or more datasets were not found or are not available.'],
      },
      keys,
    );
    expect(split.fields).toEqual({
      globus_account: { globus_username: 'Required field' },
      ipsc: { usage: 'Required field' },
    });
    expect(split.others).toEqual([
      'other: Bad',
      'The IRB has expired.',
      'datasets: One or more datasets were not found or are not available.',
    ]);
  });

  it('collects the answer keys of a form, followUps included', () => {
    expect(
      formFieldKeys([
        { type: 'header', label: 'H' },
        { type: 'text', key: 'a', label: 'A' },
        {
          type: 'followUp',
          on: 'a',
          when: ['x'],
          fields: [{ type: 'text', key: 'b', label: 'B' }],
        },
      ] as never),
    ).toEqual(['a', 'b']);
  });
});

describe('the brain-tissue network in the picker (researcher §5, decision 235)', () => {
  const [dataAccess, pilot, tissue] = tissueResources();
  const offered = (requester: { abnApproved: boolean; abnDataRequestUnderReview: boolean } | null) =>
    visibleResources(tissueResources(), false, { abnEpic: true, requester });

  it('offers Data Access, Pilot Tissue and Tissue only with abn_epic, never to non-autism projects', () => {
    expect(visibleResources(tissueResources(), false, { abnEpic: false })).toEqual([]);
    expect(visibleResources(tissueResources(), true, { abnEpic: true })).toEqual([]);
    expect(offered(null).map((resource) => resource.name)).toEqual([
      'Autism BrainNet Data Access',
      'Pilot Tissue Request',
      'Tissue Request',
    ]);
  });

  it('gives the tissue entries the spec’s disabled reasons until data access is approved', () => {
    const fresh = offered({ abnApproved: false, abnDataRequestUnderReview: false });
    expect(fresh.map((resource) => resource.disabledReason)).toEqual([
      null,
      '* Must apply for above Data Access before requesting this resource',
      '* Must apply for above Data Access before requesting this resource',
    ]);
    const waiting = offered({ abnApproved: false, abnDataRequestUnderReview: true });
    expect(new Set(waiting.map((resource) => resource.disabledReason))).toEqual(
      new Set(['* You have an ABN Data Request that is currently under review']),
    );
    const approved = offered({ abnApproved: true, abnDataRequestUnderReview: false });
    expect(approved.map((resource) => resource.disabledReason)).toEqual([
      REQUEST_MESSAGES.alreadyApprovedShort,
      null,
      null,
    ]);
  });

  it('mixes with nothing, not even another tissue resource', () => {
    expect(mixingConflict([pilot!], tissue!)).toBe(RESOURCE_MIX_MESSAGES.abn);
    expect(mixingConflict([dataAccess!], tissue!)).toBe(RESOURCE_MIX_MESSAGES.abn);
    expect(mixingConflict([researchMatchResource()], tissue!)).toBe(RESOURCE_MIX_MESSAGES.tissue);
  });

  it('asks for the ABN security form or the tissue form and a collection', () => {
    expect(detailFormIds([dataAccess!])).toEqual(['abn_security']);
    expect(detailFormIds([tissue!])).toEqual(['abn_tissue']);
    expect(needsCollection([dataAccess!])).toBe(false);
    expect(needsCollection([pilot!])).toBe(true);
  });
});
