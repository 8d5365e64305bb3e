import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '@rrp/domain';
import { addRequestSamples, createProject, createRequest } from '../../db/factories';
import { errorBody } from '../../../test/test-app';
import {
  setUpRequestsApi,
  t,
  reviewer,
  sbso,
  researcher,
  other,
  st,
  db,
  validate,
} from './requests.api-test-setup';

setUpRequestsApi();

describe('validateSamples', () => {
  it('answers availability, amounts, consent and request counts per id, in the order sent', async () => {
    const project = await createProject(db(), { ownerId: other.id });
    const approved = await createRequest(db(), {
      projectId: project.id,
      typeId: 2,
      statusId: 4,
      sampleTypeId: st.plasma,
    });
    await addRequestSamples(db(), approved.id, [{ id: '11000-mo' }]);
    const response = await validate({
      ids: '11000-mo, 11000-p1\n14710-x1 nope-9 12000-i1 11000-p1',
      sample_type: st.plasma,
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as { id: string; availability: string }[];
    expect(results.map((row) => [row.id, row.availability])).toEqual([
      ['11000-mo', 'Limited'],
      ['11000-p1', 'Available'],
      ['14710-x1', 'Unavailable'],
      ['nope-9', 'Invalid Id'],
      ['12000-i1', 'Invalid Id'],
    ]);
    expect(results[1]).toMatchObject({ amount_available: 4, unit: 'μl', ipsc_consented: false });
    expect(results[0]).toMatchObject({ approved_count: 1 });
    expect((results[0] as unknown as { request_count: number }).request_count).toBeGreaterThanOrEqual(1);
    expect(results[3]).toMatchObject({
      amount_available: null,
      unit: null,
      request_count: 0,
      approved_count: 0,
    });
  });

  it('answers at the path without the trailing slash too, and checks consent for generate_ipscs', async () => {
    const response = await validate(
      { ids: ['13000-l2', '13000-l1'], sample_type: st.lcl, generate_ipscs: true },
      researcher.token,
      '/api/validateSamples',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results.map((row: { availability: string }) => row.availability)).toEqual([
      'IPSC NOT CONSENTED',
      'CPLs Available',
    ]);
  });

  it('takes at most 100 ids a call, needs ids and a known sample type', async () => {
    const tooMany = await validate({
      ids: Array.from({ length: 101 }, (_, i) => `x-${i}`),
      sample_type: st.plasma,
    });
    expect(tooMany.statusCode).toBe(400);
    const hundred = await validate({
      ids: Array.from({ length: 100 }, (_, i) => `x-${i}`),
      sample_type: st.plasma,
    });
    expect(hundred.statusCode).toBe(200);
    const none = await validate({ ids: [], sample_type: st.plasma });
    expect(errorBody(none).ids).toEqual([REQUEST_MESSAGES.samplesRequired]);
    const unknown = await validate({ ids: ['a'], sample_type: 99_999 });
    expect(errorBody(unknown).sample_type).toEqual([REQUEST_MESSAGES.unknownSampleType]);
  });

  it('is for requesters and staff who see availability, not signing officials or visitors', async () => {
    expect((await validate({ ids: ['a'], sample_type: st.plasma }, reviewer)).statusCode).toBe(200);
    expect((await validate({ ids: ['a'], sample_type: st.plasma }, sbso)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/validateSamples/',
      payload: { ids: ['a'], sample_type: st.plasma },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
