import { describe, expect, it } from 'vitest';
import {
  availabilityPasses,
  sampleAvailability,
  normalizeRequestSampleIds,
  REQUEST_MESSAGES,
  RESOURCE_MIX_MESSAGES,
  requestTypeForSelection,
  resourceMixError,
  usageStepComplete,
} from './request-rules';
import { createRequestSchema, updateRequestSchema, validateSamplesSchema } from './requests';
import { sampleIdBatches } from '../workflows/sample-batches';

describe('resource mixing (researcher §5)', () => {
  it('allows several datasets together', () => {
    expect(
      resourceMixError([
        { kind: 'dataset', id: 1 },
        { kind: 'dataset', id: 2 },
      ]),
    ).toBeNull();
  });
  it('allows one sample type alone', () => {
    expect(resourceMixError([{ kind: 'sample_type', id: 1 }])).toBeNull();
    expect(resourceMixError([])).toBeNull();
  });
  it('refuses a dataset with a sample type or Research Match', () => {
    expect(resourceMixError([{ kind: 'dataset' }, { kind: 'sample_type' }])).toBe(
      RESOURCE_MIX_MESSAGES.dataset,
    );
    expect(resourceMixError([{ kind: 'research_match' }, { kind: 'dataset' }])).toBe(
      RESOURCE_MIX_MESSAGES.dataset,
    );
  });
  it('refuses a second biospecimen', () => {
    expect(
      resourceMixError([
        { kind: 'sample_type', id: 1 },
        { kind: 'sample_type', id: 2 },
      ]),
    ).toBe(RESOURCE_MIX_MESSAGES.oneBiospecimen);
  });
  it('refuses Research Match with anything else', () => {
    expect(resourceMixError([{ kind: 'research_match' }, { kind: 'sample_type' }])).toBe(
      RESOURCE_MIX_MESSAGES.researchMatch,
    );
    expect(resourceMixError([{ kind: 'research_match' }, { kind: 'research_match' }])).toBe(
      RESOURCE_MIX_MESSAGES.researchMatch,
    );
  });
  it('refuses tissue-network and ABN resources with others', () => {
    expect(resourceMixError([{ kind: 'tissue' }, { kind: 'sample_type' }])).toBe(
      RESOURCE_MIX_MESSAGES.tissue,
    );
    expect(resourceMixError([{ kind: 'abn' }, { kind: 'dataset' }])).toBe(RESOURCE_MIX_MESSAGES.abn);
    // One network request at a time: data access, a pilot tissue or a tissue request (decision 235).
    expect(resourceMixError([{ kind: 'abn' }, { kind: 'abn' }])).toBe(RESOURCE_MIX_MESSAGES.abn);
    expect(resourceMixError([{ kind: 'tissue' }, { kind: 'tissue' }])).toBe(RESOURCE_MIX_MESSAGES.abn);
    expect(resourceMixError([{ kind: 'tissue' }])).toBeNull();
  });
  it('maps a selection to its request type', () => {
    expect(requestTypeForSelection([{ kind: 'dataset' }])).toBe(1);
    expect(requestTypeForSelection([{ kind: 'sample_type' }])).toBe(2);
    expect(requestTypeForSelection([{ kind: 'research_match' }])).toBe(4);
    expect(requestTypeForSelection([])).toBeNull();
  });
});

describe('sample ids (researcher §5)', () => {
  it('splits on comma, space and newline, strips other characters and dedupes', () => {
    expect(normalizeRequestSampleIds('11000-p1, 11000-mo\n14710-x1  11000-p1;')).toEqual([
      '11000-p1',
      '11000-mo',
      '14710-x1',
    ]);
    expect(normalizeRequestSampleIds(['1100#0-p1', ' ', '11000-p1'])).toEqual(['11000-p1']);
  });
  it('batches at 100', () => {
    const ids = Array.from({ length: 250 }, (_, index) => `id-${index}`);
    expect(sampleIdBatches(ids).map((batch) => batch.length)).toEqual([100, 100, 50]);
  });
  it('validateSamples input normalises ids and caps a call at 100', () => {
    const parsed = validateSamplesSchema.parse({ ids: '11000-p1, 11000-p1', sample_type: '3' });
    expect(parsed).toEqual({ ids: ['11000-p1'], sample_type: 3 });
    const tooMany = validateSamplesSchema.safeParse({
      ids: Array.from({ length: 101 }, (_, index) => `x-${index}`),
      sample_type: 1,
    });
    expect(tooMany.success).toBe(false);
    const empty = validateSamplesSchema.safeParse({ ids: ' ,, ', sample_type: 1 });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(REQUEST_MESSAGES.samplesRequired);
  });
});

describe('usage step (researcher §5)', () => {
  it('needs three True answers and the terms for non-recontacting requests', () => {
    expect(usageStepComplete({ answers: [true, true, true], agreed_to_usage_policy: true }, false)).toBe(
      true,
    );
    expect(usageStepComplete({ answers: [true, true, false], agreed_to_usage_policy: true }, false)).toBe(
      false,
    );
    expect(usageStepComplete({ answers: [true, true], agreed_to_usage_policy: true }, false)).toBe(false);
    expect(usageStepComplete({ answers: [true, true, true], agreed_to_usage_policy: false }, false)).toBe(
      false,
    );
  });
  it('takes the agreement alone when no answers are sent (decision 095)', () => {
    expect(usageStepComplete({ agreed_to_usage_policy: true }, false)).toBe(true);
    expect(usageStepComplete({ answers: null, agreed_to_usage_policy: true }, false)).toBe(true);
    expect(usageStepComplete({ answers: null, agreed_to_usage_policy: false }, false)).toBe(false);
    expect(usageStepComplete({ answers: [], agreed_to_usage_policy: true }, false)).toBe(false);
  });
  it('needs only the terms when recontacting', () => {
    expect(usageStepComplete({ agreed_to_usage_policy: true }, true)).toBe(true);
    expect(usageStepComplete({ agreed_to_usage_policy: false }, true)).toBe(false);
  });
});

describe('request inputs', () => {
  it('parses a dataset request', () => {
    const parsed = createRequestSchema.parse({
      project: 4,
      type: 1,
      datasets: [1, '2'],
      agreed_nih: true,
      gpf_access_status: 2,
      submit: true,
    });
    expect(parsed.datasets).toEqual([1, 2]);
    expect(parsed.type).toBe(1);
  });
  it('refuses an unknown type, a missing project and a bad GPF choice', () => {
    const result = createRequestSchema.safeParse({ type: 99, gpf_access_status: 3 });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toContain(`project: ${REQUEST_MESSAGES.chooseProject}`);
    expect(messages).toContain(`type: ${REQUEST_MESSAGES.unsupportedType}`);
    expect(messages).toContain(`gpf_access_status: ${REQUEST_MESSAGES.gpfChoice}`);
  });
  it('refuses fields it does not know, on create and update (issue 13)', () => {
    const created = createRequestSchema.safeParse({ project: 4, type: 1, colour: 'red' });
    expect(created.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['colour'] }),
    ]);
    const updated = updateRequestSchema.safeParse({ expiration_date: '2030-01-01' });
    expect(updated.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['expiration_date'] });
  });
  it('lifts sample_info to the form answers, refusing a key given twice with another value', () => {
    const parsed = createRequestSchema.parse({
      project: 4,
      type: 2,
      additional_data: {
        sample_type: 5,
        sample_info: { dna_amount: 2, shipment_type: null },
        dna_concentration: 50,
      },
    });
    expect(parsed.additional_data).toEqual({ sample_type: 5, dna_amount: 2, dna_concentration: 50 });
    const same = updateRequestSchema.parse({
      additional_data: { sample_info: { dna_amount: '2' }, dna_amount: 2 },
    });
    expect(same.additional_data).toEqual({ dna_amount: 2 });
    const twice = updateRequestSchema.safeParse({
      additional_data: { sample_info: { dna_amount: 3 }, dna_amount: 2 },
    });
    expect(twice.error?.issues).toEqual([
      expect.objectContaining({
        path: ['additional_data', 'sample_info', 'dna_amount'],
        message: REQUEST_MESSAGES.sampleInfoTwice('dna_amount'),
      }),
    ]);
  });
  it('takes partial updates', () => {
    expect(updateRequestSchema.parse({ additional_data: { samples: { a: 1 } } })).toEqual({
      additional_data: { samples: { a: 1 } },
    });
  });
});

describe('sample availability (decision 057)', () => {
  const plasma = { sampleTypeId: 2, sampleTypeCode: 'plasma' };
  const ipsc = { sampleTypeId: 1, sampleTypeCode: 'ipsc' };
  const sample = { sampleTypeId: 2, amountAvailable: 3, ipscConsented: false, status: 'available' };
  it('grades ids by type, stock, consent and state', () => {
    expect(sampleAvailability(null, plasma)).toBe('Invalid Id');
    expect(sampleAvailability(sample, ipsc)).toBe('Invalid Id');
    expect(sampleAvailability(sample, plasma)).toBe('Available');
    expect(sampleAvailability({ ...sample, amountAvailable: 0 }, plasma)).toBe('Unavailable');
    expect(sampleAvailability({ ...sample, status: 'unavailable' }, plasma)).toBe('Unavailable');
    expect(sampleAvailability({ ...sample, status: 'limited' }, plasma)).toBe('Limited');
    expect(sampleAvailability(sample, { ...plasma, generateIpscs: true })).toBe('IPSC NOT CONSENTED');
    expect(sampleAvailability({ ...sample, sampleTypeId: 1 }, ipsc)).toBe('IPSC NOT CONSENTED');
    expect(sampleAvailability({ ...sample, sampleTypeId: 1, ipscConsented: true }, ipsc)).toBe('Available');
    expect(sampleAvailability({ ...sample, status: 'cpls' }, plasma)).toBe('CPLs Available');
  });
  it('lets Available and Limited pass, CPLs only when iPSCs are generated', () => {
    expect(availabilityPasses('Available')).toBe(true);
    expect(availabilityPasses('Limited')).toBe(true);
    expect(availabilityPasses('CPLs Available')).toBe(false);
    expect(availabilityPasses('CPLs Available', true)).toBe(true);
    expect(availabilityPasses('Invalid Id', true)).toBe(false);
    expect(availabilityPasses('Unavailable')).toBe(false);
    expect(availabilityPasses('IPSC NOT CONSENTED')).toBe(false);
  });
});
