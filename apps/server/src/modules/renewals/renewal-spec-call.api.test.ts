import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { RENEWAL_MESSAGES } from '@rrp/domain';
import { createProject, createRequest } from '../../db/factories';
import { requestRenewals, requests } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/**
 * Issue 29 item 8b: researcher §7's `POST renewal` names the renewed application only inside the
 * answers, `additional_data.rm_application` (its id, staff §3), beside `type` and
 * `agreed_to_usage_policy` (decision 322).
 */
let t: TestContext;
let owner: { id: number; token: string };
let projectId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const db = () => t.database.db;
const renewalCount = async () => (await db().select({ n: count() }).from(requestRenewals))[0]!.n;
const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/renewal/', headers: auth(owner.token), payload });

/** POST file/ of a Research Match document for the request, as the renewal screen uploads it. */
async function upload(requestId: number): Promise<number> {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(owner.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(field('type', 'rm_document') + field('request', String(requestId))),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="irb.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** An approved Research Match application of the owner, and its renewal form's answers. */
async function application() {
  const id = (await createRequest(db(), { projectId, typeId: 4, statusId: 4, displayName: 'Research Match' }))
    .id;
  const answers = {
    study_findings: 'Recruitment went well.',
    sci_justification: 'A second wave.',
    progress: 'Half enrolled.',
    sample_size: 200,
    all_consented: 120,
    all_participated: 100,
    cohort_consented: 80,
    cohort_participated: 70,
    additional_participants: 100,
    lay_summary: 'We talk to families.',
    recent_irb: await upload(id),
    consent_form: await upload(id),
  };
  return { id, answers };
}

const statusOf = async (id: number) =>
  (await db().select().from(requests).where(eq(requests.id, id)))[0]!.statusId;

beforeAll(async () => {
  t = await createTestContext();
  const user = await t.createUser({ roles: ['primary_researcher'] });
  owner = { id: user.id, token: await t.tokenFor(user.email) };
  projectId = (await createProject(db(), { ownerId: user.id, title: 'Language study' })).id;
});
afterAll(() => t.close());

describe('POST renewal/ as the spec calls it', () => {
  it('files the renewal of the application named by additional_data.rm_application', async () => {
    const { id, answers } = await application();
    const response = await post({
      additional_data: { rm_application: { id }, ...answers },
      type: 5,
      agreed_to_usage_policy: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      request: id,
      type: 5,
      status: 2,
      additional_data: { rm_application: { id }, sample_size: 200 },
    });
    expect(await statusOf(id)).toBe(2);
  });

  it('takes rm_application as a bare id too, and with request when both agree', async () => {
    const bare = await application();
    const byId = await post({
      additional_data: { ...bare.answers, rm_application: bare.id },
      type: 5,
      agreed_to_usage_policy: true,
    });
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json().request).toBe(bare.id);

    const both = await application();
    const agreed = await post({
      request: both.id,
      additional_data: { ...both.answers, rm_application: { id: both.id } },
      type: 5,
      agreed_to_usage_policy: true,
    });
    expect(agreed.statusCode, agreed.body).toBe(201);
  });

  it('refuses a missing, malformed or contradicting application, filing nothing', async () => {
    const { id, answers } = await application();
    const other = await application();
    const before = await renewalCount();

    const none = await post({ type: 5, agreed_to_usage_policy: true, additional_data: answers });
    expect(errorBody(none)).toMatchObject({ request: ['Choose a request.'] });
    for (const named of ['abc', { id: 'x' }, { id: 0 }, { id: 2_147_483_648 }, [id], true]) {
      const response = await post({
        type: 5,
        agreed_to_usage_policy: true,
        additional_data: { ...answers, rm_application: named },
      });
      expect(response.statusCode, JSON.stringify(named)).toBe(400);
      expect(errorBody(response).rm_application).toEqual(['Choose a request.']);
    }
    const contradicting = await post({
      request: other.id,
      type: 5,
      agreed_to_usage_policy: true,
      additional_data: { ...answers, rm_application: { id } },
    });
    expect(errorBody(contradicting).rm_application).toEqual([RENEWAL_MESSAGES.otherApplication]);
    // A request that does not exist, named either way.
    const missing = await post({
      type: 5,
      agreed_to_usage_policy: true,
      additional_data: { ...answers, rm_application: { id: 999_999 } },
    });
    expect(errorBody(missing).request).toEqual([RENEWAL_MESSAGES.requestNotFound]);
    expect(await renewalCount()).toBe(before);
    expect(await statusOf(id)).toBe(4);
  });
});

describe('POST renewal/ in the OpenAPI document', () => {
  it('names request and additional_data, and requires only the answers', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const body = response.json().paths['/api/renewal/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['request', 'type', 'agreed_to_usage_policy', 'additional_data']),
    );
    expect(body.required).toEqual(['additional_data']);
  });
});
