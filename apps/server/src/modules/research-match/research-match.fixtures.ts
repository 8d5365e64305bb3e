import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { todayIso } from '@rrp/domain';
import { files, projects, requests } from '../../db/schema';
import { createProject } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * The shared set-up of the tests of Research Match part 1 (issue 17): applications (type 4) through
 * POST request/, their documents, the request summary with RM ids, and Research Match renewals
 * (type 5).
 */

export let t: TestContext;
export let admin: { id: number; token: string };
export let rmAdmin: string;
export let researcher: { id: number; email: string; token: string };
export let other: { id: number; email: string; token: string };
export let reviewer: { id: number; token: string };
export let projectId: number;
export let nonAutismProjectId: number;
export let noIrbProjectId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const db = () => t.database.db;
export const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], firstName: string) {
  const user = await t.createUser({ roles, firstName, lastName: 'Tester' });
  return { ...user, token: await t.tokenFor(user.email) };
}

async function attachIrb(project: number, ownerId: number, designation: number) {
  const [file] = await db()
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: `test/${Math.random()}`,
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: ownerId,
      projectId: project,
      additionalData: { designation, approval_date: day(-100), renewal_date: day(300) },
    })
    .returning();
  await db().update(projects).set({ latestIrbId: file!.id }).where(eq(projects.id, project));
}

/** POST file/ (multipart) of a Research Match document; answers the file id. */
export async function uploadDocument(token: string, fields: Record<string, string>): Promise<number> {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const parts = Object.entries({ type: 'rm_document', ...fields }).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** Every field of researcher §3's Research Match form, with documents. */
export function application(documents: { proposal: number; irb: number; consent: number }) {
  return {
    lay_title: 'Talking with families about sleep',
    lay_abstract: 'We ask parents how their children sleep.',
    category: ['Medical and health'],
    keywords: ['Sleep', 'Behavior'],
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
  };
}

export async function documentsOf(token: string, project: number) {
  return {
    proposal: await uploadDocument(token, { project: String(project) }),
    irb: await uploadDocument(token, { project: String(project) }),
    consent: await uploadDocument(token, { project: String(project) }),
  };
}

export const post = (body: object, token = researcher.token) =>
  t.app.inject({ method: 'POST', url: '/api/request/', headers: auth(token), payload: body });
export const requestCount = async () => (await db().select({ n: count() }).from(requests))[0]!.n;

export function rmRequest(answers: object, project = projectId) {
  return {
    project,
    type: 4,
    agreed_to_usage_policy: true,
    access_control_list: [{ user_id: researcher.id }],
    additional_data: { rm_application: answers },
    submit: true,
  };
}

/**
 * A fresh database with the people and the three projects (autism, non-autism, without IRB), for
 * one test file. Each test file calls it: the server's test files share a worker's modules
 * (`isolate: false`), so hooks written at this module's top level would run for the first file
 * only.
 */
export function useResearchMatchContext() {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await person(['portal_admin'], 'Ann');
    rmAdmin = await t.tokenForRole('rm_admin');
    researcher = await person(['primary_researcher'], 'Rita');
    other = await person(['primary_researcher'], 'Otto');
    reviewer = await person(['internal_reviewer'], 'Rev');
    projectId = (await createProject(db(), { ownerId: researcher.id, title: 'Sleep in autism' })).id;
    await attachIrb(projectId, researcher.id, 1);
    nonAutismProjectId = (await createProject(db(), { ownerId: researcher.id, nonAutismResearch: true })).id;
    await attachIrb(nonAutismProjectId, researcher.id, 1);
    noIrbProjectId = (await createProject(db(), { ownerId: researcher.id })).id;
    await attachIrb(noIrbProjectId, researcher.id, 2);
  });

  afterAll(async () => {
    await t?.close();
  });
}
