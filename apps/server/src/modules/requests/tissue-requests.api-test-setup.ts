import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { type CartDto, type DonorDto } from '@rrp/domain';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { createProject } from '../../db/factories';
import { featureToggles, requests } from '../../db/schema';
import { seedDemoTissue } from '../../db/demo-tissue';

/**
 * Requests to the brain-tissue network through POST/PATCH request/ (researcher §3, §5; staff §4.2,
 * §4.3; issue 18 step 4): data access (type 6) with the ABN security form, pilot tissue (7) and
 * tissue (8) with the tissue form and a collection; the disabled reasons, mixing, abn_epic, the
 * collection's one request, resubmission after revisions, and the tissue decision flow.
 *
 * Each test file registers this shared set-up through `setUpTissueRequestsApi()`.
 */
export let t: TestContext;
export let researcher: { id: number; email: string; token: string; projectId: number };
export let admin: string;
export let manager: string;
export let open: DonorDto[];
export let pilotDonors: DonorDto[];

export const db = () => t.database.db;
export const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), payload });
export const setEpic = (enabled: boolean) =>
  db().update(featureToggles).set({ enabled }).where(eq(featureToggles.featureCode, 'abn_epic'));
export const requestCount = async () => (await db().select({ n: count() }).from(requests))[0]!.n;
export const usage = { agreed_to_usage_policy: true, usage_answers: [true, true, true] };

export async function researcherWithProject(title: string) {
  const user = await t.createUser({ roles: ['primary_researcher'] });
  const project = await createProject(db(), { ownerId: user.id, title });
  return { ...user, token: await t.tokenFor(user.email), projectId: project.id };
}

/** A PDF the researcher uploads for the tissue form (type tissue_document, for the project). */
export async function uploadBiosketch(token: string, projectId: number): Promise<number> {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('type', 'tissue_document') + field('project', String(projectId))),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="biosketch.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.4\n% biosketch\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** The tissue form's answers (researcher §3 "Tissue form fields"). */
export const tissueAnswers = (biosketch: number) => ({
  proposal_title: 'Synaptic density in the cortex of autistic donors',
  estimated_cost: 25000,
  introduction: 'Why synapses.',
  preliminary_data: 'Pilot counts in two donors.',
  methodology: 'Stereology on fixed sections.',
  expected_results: 'Higher density in layer 2/3.',
  references: 'Hutsler 2010.',
  tissue_needed: 'Two 1 cm blocks of frontal cortex per donor.',
  resource_types: ['fixed'],
  orientation_importance: 'yes',
  brain_area: ['Frontal cortex'],
  brain_area_justification: 'Where the pilot found differences.',
  rare_genetic_diagnosis: 'no',
  asd_cases: 10,
  control_cases: 10,
  other_sources: 'no',
  nih_biosketch: biosketch,
  shipping_vendor: 'FedEx',
  shipping_vendor_account_number: '123456',
  full_name: 'Rita Researcher',
  phone_number: '555-0100',
  address: '1 Lab Road',
  city: 'Boston',
  region: 'MA',
  postal_code: '02115',
  country: 'USA',
});

export const newCart = async (token: string, name: string, identifiers: string[], pilot = false) => {
  const response = await call('POST', '/api/abn_cart/', token, {
    collection_name: name,
    identifiers,
    pilot_tissue_cart: pilot,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CartDto>();
};

export function setUpTissueRequestsApi(): void {
  beforeAll(async () => {
    t = await createTestContext();
    await db().transaction((tx) => seedDemoTissue(tx));
    admin = await t.tokenForRole('portal_admin');
    manager = await t.tokenForRole('abn_proj_mgr');
    researcher = await researcherWithProject('Synapses');
    open = (await call('GET', '/api/abn_data/?restricted=false&limit=50', admin)).json<{
      results: DonorDto[];
    }>().results;
    pilotDonors = (await call('GET', '/api/abn_data_pilot/?restricted=false&limit=5', admin)).json<{
      results: DonorDto[];
    }>().results;
  }, 120_000);
  afterAll(() => t.close());
}
