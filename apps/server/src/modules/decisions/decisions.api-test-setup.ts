import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayIso } from '@rrp/domain';
import { files, institutions, projects, requests, userInstitutions } from '../../db/schema';
import { addTeamMember, createDataset, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';
import { startClamd, type RunningClamd } from '../../../test/clamd.mjs';

/**
 * Decisions on requests (staff §4.2, §7; issue 8): the set-up the decision API tests share — a
 * fake SMTP server, clamd, the deciders and a researcher with a complete team.
 */
export let t: TestContext;
export let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
export let clamd: RunningClamd;
export let admin: { id: number; token: string };
export let rmAdmin: string;
export let tissueManager: string;
/** Staff who read every request but may not decide. */
export let viewer: string;
export let reviewer: string;
export let researcher: { id: number; email: string; token: string };
export let stranger: string;
export let projectId: number;
export let datasetId: number;
let institutionId: number;

export const db = () => t.database.db;
export const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], first: string, last: string) {
  const user = await t.createUser({ roles, firstName: first, lastName: last });
  return { ...user, token: await t.tokenFor(user.email) };
}

export async function attachIrb(project: number, ownerId: number) {
  const [file] = await db()
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: `test/${randomBytes(4).toString('hex')}`,
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: ownerId,
      projectId: project,
      additionalData: { designation: 1, approval_date: day(-30), renewal_date: day(300) },
    })
    .returning();
  await db().update(projects).set({ latestIrbId: file!.id }).where(eq(projects.id, project));
}

/** The institution's RDA, with this status (3 = Fully Executed). */
export async function setRda(institution: number, status: number) {
  const [file] = await db()
    .insert(files)
    .values({
      name: 'rda.pdf',
      storageKey: `test/${randomBytes(4).toString('hex')}`,
      type: 'rda',
      contentType: 'application/pdf',
      size: 10,
      institutionId: institution,
      additionalData: { status },
    })
    .returning();
  await db().update(institutions).set({ currentRdaId: file!.id }).where(eq(institutions.id, institution));
}

export const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
export const decide = (id: number, payload: object, token = admin.token) =>
  t.app.inject({ method: 'POST', url: `/api/request/${id}/decision/`, headers: auth(token), payload });
export const row = async (id: number) => (await db().select().from(requests).where(eq(requests.id, id)))[0]!;
export const newRequest = (typeId: number, statusId: number, project = projectId) =>
  createRequest(db(), { projectId: project, typeId, statusId, displayName: `Type ${typeId} request` });

/** Delivers the outbox and answers the one message sent: the drafted rejection, to the owner. */
export async function deliveredRejection(portalRequestId: string) {
  await t.app.outbox.deliverDue();
  expect(smtp.inbox).toHaveLength(1);
  expect(smtp.inbox[0]).toMatchObject({
    to: [researcher.email],
    subject: `Research Resource Portal: request ${portalRequestId} Rejected`,
  });
  return smtp.inbox[0]!;
}

/** A valid decision e-mail. */
export const mail = (extra: object = {}) => ({
  to: 'rita@example.test, second@example.test',
  cc: '',
  bcc: 'audit@example.test',
  subject: 'Your request',
  body: 'Dear Rita,\n\nA decision was made.',
  attachments: [],
  ...extra,
});

export function multipart(fields: Record<string, string>, name: string, content: Buffer) {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const upload = (token: string, requestId: number, name: string, content: Buffer) => {
  const body = multipart({ type: 'decision_docs', request: String(requestId) }, name, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': body.contentType },
    payload: body.payload,
  });
};

/**
 * A project of the researcher, with an IRB, whose co-investigator (a new account, its
 * institution not yet verified) has not signed the joinder: the team is incomplete.
 */
export async function projectWithUnsignedCoInvestigator(title: string, firstName: string, lastName: string) {
  const coInvestigator = await t.createUser({
    roles: ['primary_researcher'],
    firstName,
    lastName,
    institutionVerified: false,
  });
  const project = await createProject(db(), { ownerId: researcher.id, title });
  await attachIrb(project.id, researcher.id);
  await addTeamMember(db(), {
    projectId: project.id,
    email: coInvestigator.email,
    firstName,
    lastName,
    userRole: 2,
  });
  return { coInvestigator, project };
}

/** Registers the file's set-up and tear-down; every decision API test file calls it once. */
export function setUpDecisionsApi(): void {
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    clamd = await startClamd();
    t = await createTestContext({
      config: { SMTP_URL: smtp.url, CLAMAV_HOST: clamd.host, CLAMAV_PORT: String(clamd.port) },
    });
    admin = await person(['portal_admin'], 'Ann', 'Admin');
    rmAdmin = await t.tokenForRole('rm_admin');
    tissueManager = await t.tokenForRole('abn_proj_mgr');
    reviewer = await t.tokenForRole('portal_reviewer');
    viewer = await t.tokenForRole('internal_read_only');
    stranger = await t.tokenForRole('primary_researcher');
    researcher = await person(['primary_researcher'], 'Rita', 'Researcher');
    const [link] = await db()
      .select({ institutionId: userInstitutions.institutionId })
      .from(userInstitutions)
      .where(eq(userInstitutions.userId, researcher.id));
    institutionId = link!.institutionId;
    await setRda(institutionId, 3);
    projectId = (await createProject(db(), { ownerId: researcher.id, title: 'Sleep study' })).id;
    await attachIrb(projectId, researcher.id);
    datasetId = (await createDataset(db(), { name: 'Decision Phenotype', cohortId: 1 })).id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await clamd?.stop();
  });

  beforeEach(async () => {
    await t.app.outbox.deliverDue();
    smtp.inbox.length = 0;
  });
}
