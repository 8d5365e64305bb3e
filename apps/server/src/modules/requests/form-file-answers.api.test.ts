import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { FORM_MESSAGES } from '@rrp/domain/forms';
import { todayIso } from '@rrp/domain';
import { files, projects, requestRenewals, requests } from '../../db/schema';
import { createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/**
 * Issue 29 item 8d: a form's file answer is a file the applicant uploaded. An object that only
 * looks like a file (`{"name": "fake.pdf"}`) is no document, and is refused naming the field
 * (decision 325); a genuine upload's id, as the web wizard sends it, is accepted.
 */
let t: TestContext;
let researcher: { id: number; token: string };
let projectId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const db = () => t.database.db;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
const requestCount = async () => (await db().select({ n: count() }).from(requests))[0]!.n;

/** POST file/ (multipart) of a Research Match document, as the web wizard uploads it. */
async function upload(fields: Record<string, string>): Promise<number> {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const parts = Object.entries({ type: 'rm_document', ...fields }).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(researcher.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** Researcher §3's Research Match form, with the three documents it asks for. */
const application = (documents: { proposal: unknown; irb: unknown; consent: unknown }) => ({
  lay_title: 'Talking with families about sleep',
  lay_abstract: 'We ask parents how their children sleep.',
  category: ['Medical and health'],
  keywords: ['Sleep'],
  methods: ['online_survey'],
  research_aim: 'Describe sleep patterns.',
  hypotheses: 'Sleep relates to daytime behaviour.',
  cohort: ['SPARK'],
  age_range: [4, 12],
  region: 'national',
  num_participants: 300,
  justification: 'A power analysis.',
  incl_criteria: 'Children aged 4 to 12.',
  excl_criteria: 'None.',
  time_length: '30 minutes',
  std_instruments: 'CSHQ',
  build_preference: 'researcher',
  procedure: 'One online survey.',
  risks: 'Minimal.',
  feedback: 'A summary of findings.',
  design_engagement: 'Parents reviewed the survey.',
  funding: 'Foundation grant.',
  irb_status: 1,
  proposal_summary: documents.proposal,
  irb_protocol: documents.irb,
  consent_forms: documents.consent,
});

const file = (answers: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/request/',
    headers: auth(researcher.token),
    payload: {
      project: projectId,
      type: 4,
      agreed_to_usage_policy: true,
      access_control_list: [{ user_id: researcher.id }],
      additional_data: { rm_application: answers },
      submit: true,
    },
  });

beforeAll(async () => {
  t = await createTestContext();
  const user = await t.createUser({ roles: ['primary_researcher'] });
  researcher = { id: user.id, token: await t.tokenFor(user.email) };
  projectId = (await createProject(db(), { ownerId: user.id, title: 'Sleep in autism' })).id;
  const [irb] = await db()
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: `test/${Math.random()}`,
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: user.id,
      projectId,
      additionalData: { designation: 1, approval_date: day(-100), renewal_date: day(300) },
    })
    .returning();
  await db().update(projects).set({ latestIrbId: irb!.id }).where(eq(projects.id, projectId));
});
afterAll(() => t.close());

describe('a Research Match application’s documents', () => {
  it('refuses file answers that are objects with a name, naming each field, and stores nothing', async () => {
    const before = await requestCount();
    const response = await file(
      application({
        proposal: { name: 'fake.pdf' },
        irb: { name: 'fake.pdf' },
        consent: { name: 'fake.pdf' },
      }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBody(response)).toMatchObject({
      proposal_summary: [FORM_MESSAGES.storedFile],
      irb_protocol: [FORM_MESSAGES.storedFile],
      consent_forms: [FORM_MESSAGES.storedFile],
    });
    expect(await requestCount()).toBe(before);
  });

  it('refuses other shapes that are not an upload’s id, without a server error', async () => {
    const proposal = await upload({ project: String(projectId) });
    const irb = await upload({ project: String(projectId) });
    const before = await requestCount();
    for (const forged of [{ id: irb }, { id: irb, name: 'irb.pdf' }, String(irb), 2_147_483_648, 1.5, -irb]) {
      const response = await file(application({ proposal, irb, consent: forged }));
      expect(response.statusCode, `${JSON.stringify(forged)}: ${response.body}`).toBe(400);
      expect(errorBody(response).consent_forms).toBeDefined();
    }
    // One of several files that is no upload is refused too.
    const docs = await file({
      ...application({ proposal, irb, consent: await upload({ project: String(projectId) }) }),
      additional_docs: [proposal, { name: 'extra.pdf' }],
    });
    expect(errorBody(docs).additional_docs).toEqual([FORM_MESSAGES.storedFile]);
    expect(await requestCount()).toBe(before);
  });

  it('files the application with genuine uploads, as the web wizard sends them', async () => {
    const documents = {
      proposal: await upload({ project: String(projectId) }),
      irb: await upload({ project: String(projectId) }),
      consent: await upload({ project: String(projectId) }),
    };
    const extra = await upload({ project: String(projectId) });
    const response = await file({ ...application(documents), additional_docs: [extra] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 2,
      additional_data: {
        rm_application: {
          proposal_summary: documents.proposal,
          irb_protocol: documents.irb,
          consent_forms: documents.consent,
          additional_docs: [extra],
        },
      },
    });
  });
});

describe('a Research Match renewal’s documents', () => {
  it('refuses a file answer that is an object with a name, and files genuine uploads', async () => {
    const request = await createRequest(db(), { projectId, typeId: 4, statusId: 4 });
    const answers = (irb: unknown, consent: unknown) => ({
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
      recent_irb: irb,
      consent_form: consent,
    });
    const renew = (additional_data: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/renewal/',
        headers: auth(researcher.token),
        payload: { request: request.id, type: 5, agreed_to_usage_policy: true, additional_data },
      });
    const consent = await upload({ request: String(request.id) });
    const forged = await renew(answers({ name: 'fake.pdf' }, consent));
    expect(forged.statusCode).toBe(400);
    expect(errorBody(forged).recent_irb).toEqual([FORM_MESSAGES.storedFile]);
    expect(
      await db().select().from(requestRenewals).where(eq(requestRenewals.requestId, request.id)),
    ).toEqual([]);

    const filed = await renew(answers(await upload({ request: String(request.id) }), consent));
    expect(filed.statusCode, filed.body).toBe(201);
  });
});
