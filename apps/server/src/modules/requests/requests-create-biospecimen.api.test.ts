import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_MESSAGES } from '@rrp/domain';
import { requestSamples } from '../../db/schema';
import { createProject } from '../../db/factories';
import { errorBody } from '../../../test/test-app';
import {
  setUpRequestsApi,
  t,
  admin,
  reviewer,
  tissueManager,
  sbso,
  researcher,
  other,
  st,
  db,
  post,
  requestCount,
  datasetRequest,
  plasmaData,
  shipping,
  biospecimenRequest,
  expectRefused,
} from './requests.api-test-setup';

setUpRequestsApi();

describe('requests: create a biospecimen request', () => {
  it('stores the sample type, samples with amounts and the cleaned form answers', async () => {
    const response = await post(biospecimenRequest());
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      type: 2,
      display_name: 'Plasma',
      sample_type: { id: st.plasma, type: 'plasma' },
      additional_data: {
        samples: { '11000-p1': 2, '11000-mo': 1 },
        sample_type: st.plasma,
        usage: 'Proteomics of plasma.',
      },
      agreed_nih: null,
    });
    const stored = await db().select().from(requestSamples).where(eq(requestSamples.requestId, body.id));
    expect(stored.map((row) => row.sampleId).sort()).toEqual(['11000-mo', '11000-p1']);
  });

  it('takes sample ids as a list or text: split, stripped and deduplicated', async () => {
    const response = await post(biospecimenRequest(plasmaData({ samples: '11000-p1, 11000-p1\n11000#-mo' })));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().additional_data.samples).toEqual({ '11000-mo': 1, '11000-p1': 1 });
  });

  it("refuses ids that do not validate ('* Save Failed.  Please fix the ids below and try again') and stores nothing", async () => {
    const before = await requestCount();
    const response = await post(
      biospecimenRequest(plasmaData({ samples: ['11000-p1', '14710-x1', 'nope-1', '12000-i1'] })),
    );
    await expectRefused(response, before, 'samples', REQUEST_MESSAGES.saveFailedIds);
    expect(errorBody(response).invalid_samples).toEqual([
      { id: '14710-x1', availability: 'Unavailable' },
      { id: 'nope-1', availability: 'Invalid Id' },
      { id: '12000-i1', availability: 'Invalid Id' },
    ]);
  });

  it("refuses missing samples ('* Required field'), bad amounts and missing form answers", async () => {
    const before = await requestCount();
    await expectRefused(
      await post(biospecimenRequest(plasmaData({ samples: ' , ' }))),
      before,
      'samples',
      REQUEST_MESSAGES.samplesRequired,
    );
    await expectRefused(
      await post(biospecimenRequest(plasmaData({ samples: { '11000-p1': -1 } }))),
      before,
      'samples',
      REQUEST_MESSAGES.amount,
    );
    const response = await post(biospecimenRequest(plasmaData({ usage: '', city: 'x'.repeat(76) })));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      usage: ['Required field'],
      city: ['Ensure this field has no more than 75 characters.'],
    });
    expect(await requestCount()).toBe(before);
  });

  it('enforces the field limits of the forms (award number 15, full name 30, phone 20, postal code 16)', async () => {
    const response = await post(
      biospecimenRequest(
        plasmaData({
          award_number: 'A'.repeat(16),
          full_name: 'N'.repeat(31),
          phone_number: '1'.repeat(21),
          postal_code: '9'.repeat(17),
        }),
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      award_number: ['Ensure this field has no more than 15 characters.'],
      full_name: ['Ensure this field has no more than 30 characters.'],
      phone_number: ['Ensure this field has no more than 20 characters.'],
      postal_code: ['Ensure this field has no more than 16 characters.'],
    });
  });

  it("iPSC: share_with_simons is required when modifying ('This is required by … to continue')", async () => {
    const ipsc = (extra: Record<string, unknown>) =>
      biospecimenRequest({
        sample_type: st.ipsc,
        samples: ['12000-i1'],
        usage: 'Neurons',
        ipsc_experience: 'Ten years',
        genetic_seq: ['wgs'],
        bio_destroyed: 'yes',
        ...shipping,
        ...extra,
      });
    const before = await requestCount();
    const modifying = {
      ipsc_modifying: 'yes',
      description: 'Knock-out',
      who_will_modify: 'lab',
      editing_methods: ['talen'],
      editing_process: 'Standard',
      quality_control: ['karyotype'],
      modified_ipscs_data: 'All',
    };
    const refused = await post(ipsc(modifying));
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).share_with_simons).toEqual([
      REQUEST_MESSAGES.shareWithSimons(t.config.productName),
    ]);
    expect(await requestCount()).toBe(before);
    const ok = await post(ipsc({ ...modifying, share_with_simons: [true] }));
    expect(ok.statusCode, ok.body).toBe(201);
    // An iPSC sample without consent does not validate.
    const notConsented = await post(ipsc({ ipsc_modifying: 'no', samples: ['12000-i2'] }));
    expect(notConsented.statusCode).toBe(400);
    expect(errorBody(notConsented).invalid_samples).toEqual([
      { id: '12000-i2', availability: 'IPSC NOT CONSENTED' },
    ]);
  });

  it('LCL: CPL lines pass only when iPSCs are to be generated', async () => {
    const lcl = (generate: string) =>
      biospecimenRequest({
        sample_type: st.lcl,
        samples: ['13000-l1'],
        usage: 'Reprogramming',
        shipment_type: 'frozen',
        generate_ipscs: generate,
        genetic_seq: ['none'],
        bio_destroyed: 'yes',
        ...shipping,
      });
    const refused = await post(lcl('no'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorBody(refused).invalid_samples).toEqual([{ id: '13000-l1', availability: 'CPLs Available' }]);
    const ok = await post(lcl('yes'));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a restricted sample type to users not allowed, and an unknown one', async () => {
    const project = await createProject(db(), { ownerId: other.id });
    const response = await post(
      biospecimenRequest(plasmaData({ sample_type: st.fibroblast }), { project: project.id }),
      other.token,
    );
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).sample_type).toEqual([REQUEST_MESSAGES.restrictedResource]);
    const unknown = await post(biospecimenRequest(plasmaData({ sample_type: 99_999 })));
    expect(errorBody(unknown).sample_type).toEqual([REQUEST_MESSAGES.unknownSampleType]);
    const missing = await post(biospecimenRequest(plasmaData({ sample_type: null })));
    expect(errorBody(missing).sample_type).toEqual([REQUEST_MESSAGES.chooseSampleType]);
  });
});

describe('requests: filing for a PI', () => {
  it('lets an admin file for the project owner without the usage step', async () => {
    const response = await post(
      datasetRequest({ usage_answers: undefined, agreed_to_usage_policy: undefined }),
      admin.token,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      owner: { id: researcher.id },
      creator: { id: admin.id },
      agreed_to_usage_policy: false,
    });
  });

  it('lets a tissue project manager file too, and refuses an owner other than the PI', async () => {
    const response = await post(datasetRequest({ owner: researcher.id }), tissueManager);
    expect(response.statusCode, response.body).toBe(201);
    const before = await requestCount();
    await expectRefused(
      await post(datasetRequest({ owner: other.id }), admin.token),
      before,
      'owner',
      "The request's owner must be the project's Principal Investigator.",
    );
  });

  it('refuses reviewers and signing officials', async () => {
    expect((await post(datasetRequest(), reviewer)).statusCode).toBe(403);
    expect((await post(datasetRequest(), sbso)).statusCode).toBe(403);
  });
});
