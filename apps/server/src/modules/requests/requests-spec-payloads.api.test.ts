import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_MESSAGES } from '@rrp/domain';
import { requests } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  setUpRequestsApi,
  t,
  researcher,
  teammate,
  projectId,
  ds,
  st,
  shipping,
  db,
  post,
  patch,
  requestCount,
  expectRefused,
} from './requests.api-test-setup';

setUpRequestsApi();

describe('requests: the spec’s payloads (researcher §3, §7)', () => {
  /** Researcher §7 "POST request": exactly the fields the spec names, for a dataset kind. */
  const specDatasetRequest = (extra: object = {}) => ({
    project: projectId,
    type: 1,
    agreed_to_usage_policy: true,
    access_control_list: [{ user_id: teammate.id }],
    intent_to_download: false,
    agreed_nih: true,
    data_safeguard: true,
    gpf_access_status: 2,
    datasets: [ds.gpf],
    ...extra,
  });
  /** The same for a biospecimen (DNA), its sample details nested as researcher §3 writes them. */
  const specDnaRequest = (
    sampleInfo: object = { dna_amount: 2, dna_concentration: 50 },
    extra: object = {},
  ) => ({
    project: projectId,
    type: 2,
    agreed_to_usage_policy: true,
    access_control_list: [{ user_id: teammate.id }],
    additional_data: {
      sample_type: st.dna,
      samples: { '15000-d1': 1 },
      sample_info: sampleInfo,
      usage: 'Whole genome sequencing.',
      genetic_seq: ['wgs'],
      bio_destroyed: 'yes',
      ...shipping,
    },
    ...extra,
  });
  const stored = async (id: number) => (await db().select().from(requests).where(eq(requests.id, id)))[0]!;

  it('creates a dataset request from the spec’s fields: the agreement stands for the usage step', async () => {
    const response = await post(specDatasetRequest());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 1,
      status: 1,
      agreed_to_usage_policy: true,
      intent_to_download: false,
      agreed_nih: true,
      data_safeguard: true,
      gpf_access_status: 2,
      datasets: [ds.gpf],
      additional_data: {},
    });
    expect(
      response
        .json()
        .access_control_list.map((entry: { user_id: number }) => entry.user_id)
        .sort(),
    ).toEqual([researcher.id, teammate.id].sort());

    // The agreement is still needed.
    const before = await requestCount();
    for (const agreed of [false, undefined]) {
      await expectRefused(
        await post(specDatasetRequest({ agreed_to_usage_policy: agreed })),
        before,
        'agreed_to_usage_policy',
        REQUEST_MESSAGES.usageAnswers,
      );
    }
  });

  it('takes the usage answers in additional_data too, where they are kept; each sent must be True', async () => {
    const inData = await post(specDatasetRequest({ additional_data: { usage_answers: [true, true, true] } }));
    expect(inData.statusCode, inData.body).toBe(201);
    expect(inData.json().additional_data).toEqual({ usage_answers: [true, true, true] });

    const before = await requestCount();
    for (const answers of [
      { additional_data: { usage_answers: [true, false, true] } },
      { additional_data: { usage_answers: [true, true] } },
      { usage_answers: [true, true, true], additional_data: { usage_answers: [true, true, false] } },
      { usage_answers: [null, true, true] },
    ]) {
      await expectRefused(
        await post(specDatasetRequest(answers)),
        before,
        'agreed_to_usage_policy',
        REQUEST_MESSAGES.usageAnswers,
      );
    }
  });

  it('creates a biospecimen request with sample_info nested as the spec writes it, or flat', async () => {
    const nested = await post(specDnaRequest());
    expect(nested.statusCode, nested.body).toBe(201);
    expect(nested.json()).toMatchObject({
      type: 2,
      status: 1,
      sample_type: { id: st.dna, type: 'dna' },
      additional_data: { samples: { '15000-d1': 1 }, dna_amount: 2, dna_concentration: 50 },
    });
    expect(nested.json().additional_data).not.toHaveProperty('sample_info');

    const lcl = await post({
      project: projectId,
      type: 2,
      agreed_to_usage_policy: true,
      additional_data: {
        sample_type: st.lcl,
        samples: { '13000-l2': 1 },
        sample_info: { shipment_type: 'frozen' },
        usage: 'Reprogramming',
        generate_ipscs: 'no',
        genetic_seq: ['none'],
        bio_destroyed: 'yes',
        ...shipping,
      },
    });
    expect(lcl.statusCode, lcl.body).toBe(201);
    expect(lcl.json().additional_data.shipment_type).toBe('frozen');

    const { sample_info: _nested, ...flatData } = specDnaRequest().additional_data;
    const flat = await post(
      specDnaRequest(undefined, { additional_data: { ...flatData, dna_amount: 3, dna_concentration: 40 } }),
    );
    expect(flat.statusCode, flat.body).toBe(201);
    expect(flat.json().additional_data).toMatchObject({ dna_amount: 3, dna_concentration: 40 });
  });

  it('validates nested sample details with the form’s messages, and refuses them given twice', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(specDnaRequest({ dna_amount: 1, dna_concentration: 50 })),
      before,
      'dna_amount',
      'Ensure this value is greater than or equal to 2.',
    );
    const twice = specDnaRequest();
    await expectRefused(
      await post({ ...twice, additional_data: { ...twice.additional_data, dna_amount: 5 } }),
      before,
      'additional_data',
      REQUEST_MESSAGES.sampleInfoTwice('dna_amount'),
    );
    await expectRefused(
      await post(specDnaRequest({ dna_amount: 2, dna_concentration: 50, colour: 'red' })),
      before,
      'colour',
      'Unknown field.',
    );
  });

  it('edits with the spec’s PATCH shapes: additional_data (sample_info too), the agreement, status 2', async () => {
    const id = (await post(specDnaRequest())).json().id as number;
    const samplesAlone = await patch(id, { additional_data: { samples: { '15000-d1': 2 } } });
    expect(samplesAlone.statusCode, samplesAlone.body).toBe(200);
    expect(samplesAlone.json()).toMatchObject({ status: 1, additional_data: { samples: { '15000-d1': 2 } } });

    const nested = await patch(id, { additional_data: { sample_info: { dna_concentration: 45 } } });
    expect(nested.statusCode, nested.body).toBe(200);
    expect(nested.json().additional_data).toMatchObject({ dna_amount: 2, dna_concentration: 45 });

    const falseAnswer = await patch(id, { additional_data: { usage_answers: [true, false, true] } });
    expect(falseAnswer.statusCode).toBe(400);
    expect(errorBody(falseAnswer).agreed_to_usage_policy).toEqual([REQUEST_MESSAGES.usageAnswers]);

    const submitted = await patch(id, { status: 2, agreed_to_usage_policy: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 2, agreed_to_usage_policy: true });
    expect((await stored(id)).additionalData).not.toHaveProperty('usage_answers');
  });

  it('refuses fields the spec does not name, on POST and PATCH, storing nothing (issue 13)', async () => {
    const before = await requestCount();
    await expectRefused(
      await post(specDatasetRequest({ colour: 'red' })),
      before,
      'colour',
      'Unknown field.',
    );
    await expectRefused(
      await post(specDatasetRequest({ expiration_date: '2030-01-01' })),
      before,
      'expiration_date',
      'Unknown field.',
    );
    const id = (await post(specDatasetRequest({ submit: false }))).json().id as number;
    const response = await patch(id, { agreed_nih: false, colour: 'red' });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).colour).toEqual(['Unknown field.']);
    expect((await stored(id)).agreedNih).toBe(true);
  });

  it('accepts cohorts when they are those of the resources, and says which they are otherwise', async () => {
    // The GPF dataset belongs to cohort 1.
    const matching = await post(specDatasetRequest({ cohorts: [1] }));
    expect(matching.statusCode, matching.body).toBe(201);
    const cohorts = matching.json().cohorts as { id: number; name: string }[];
    expect(cohorts.map((cohort) => cohort.id)).toEqual([1]);

    const before = await requestCount();
    for (const sent of [[1, 2], [2], []]) {
      await expectRefused(
        await post(specDatasetRequest({ cohorts: sent })),
        before,
        'cohorts',
        REQUEST_MESSAGES.cohortsOfResources([cohorts[0]!.name]),
      );
    }
  });

  it('shows the accepted shapes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const body = (path: string, method: string) =>
      document.paths[path][method].requestBody.content['application/json'].schema;
    const create = body('/api/request/', 'post');
    expect(create.additionalProperties).toBe(false);
    expect(Object.keys(create.properties)).toEqual(
      expect.arrayContaining([
        'project',
        'type',
        'agreed_to_usage_policy',
        'access_control_list',
        'intent_to_download',
        'agreed_nih',
        'data_safeguard',
        'gpf_access_status',
        'datasets',
        'additional_data',
        'cohorts',
      ]),
    );
    expect(create.required).toEqual(['project', 'type']);
    const additional = create.properties.additional_data.anyOf?.[0] ?? create.properties.additional_data;
    expect(Object.keys(additional.properties)).toEqual(['usage_answers', 'sample_info']);
    const sampleInfo = additional.properties.sample_info.anyOf?.[0] ?? additional.properties.sample_info;
    expect(Object.keys(sampleInfo.properties)).toEqual([
      'shipment_type',
      'dna_amount',
      'dna_concentration',
      'num_cells',
      'volume',
    ]);
    const update = body('/api/request/{id}/', 'patch');
    expect(update.additionalProperties).toBe(false);
    expect(Object.keys(update.properties)).toEqual(
      expect.arrayContaining(['status', 'access_control_list', 'additional_data', 'intent_to_download']),
    );
  });
});
