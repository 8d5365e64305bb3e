import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { START_REVIEW_DUE_DATE_TOKEN, todayIso } from '@rrp/domain';
import { requests, requestSummaries } from '../../db/schema';
import { createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

/**
 * The shared set-up of the tests of Research Match part 2 (issue 17): reviewer roles, conflicts of
 * interest, scoring, Start Review, the move to the review meeting, the meeting's averages and the
 * report — each rule's success and failure, and that bad input changes nothing.
 */

export let t: TestContext;
export let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
type Person = { id: number; email: string; token: string };
export let admin: Person;
export let rmAdmin: Person;
export let primary: Person;
export let secondary: Person;
export let portalReviewer: Person;
export let abnReviewer: Person;
export let outsider: Person;
export let researcher: Person;
export let projectId: number;

export const db = () => t.database.db;
export const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], firstName: string) {
  const user = await t.createUser({ roles, firstName, lastName: 'Tester' });
  return { ...user, token: await t.tokenFor(user.email) };
}

export const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

/** A submitted Research Match application with its summary, as part 1 leaves it. */
export async function application(
  title: string,
  summary: Partial<typeof requestSummaries.$inferInsert> = {},
) {
  const request = await createRequest(db(), {
    projectId,
    typeId: 4,
    statusId: 2,
    displayName: title,
    additionalData: {
      has_rm_flow: true,
      rm_application: { lay_title: `${title} for families`, lay_abstract: 'In plain words.' },
    },
  });
  await db()
    .insert(requestSummaries)
    .values({ requestId: request.id, scientificTitle: `${title} (scientific)`, ...summary });
  return request;
}

export const emailDraft = {
  to: ['committee@example.test'],
  subject: 'Applications ready',
  body: `Please review by ${START_REVIEW_DUE_DATE_TOKEN}.`,
};

export async function startReview(ids: number[], dueDate = day(14), token = admin.token) {
  return call('POST', '/api/research-match/start-review/', token, {
    requests: ids,
    due_date: dueDate,
    email: emailDraft,
  });
}

export async function statusOf(id: number) {
  const [row] = await db().select({ status: requests.statusId }).from(requests).where(eq(requests.id, id));
  return row!.status;
}

export async function assign(requestId: number, users: (object | number)[], token = admin.token) {
  return call('PUT', `/api/request/${requestId}/review_users/`, token, { users });
}

export const scores = (value: number) =>
  Object.fromEntries(
    ['research', 'engagement', 'feasibility', 'alignment', 'scientific', 'community'].map((criterion) => [
      criterion,
      { score: value, strengths: `${criterion} strengths`, weaknesses: '' },
    ]),
  );

/**
 * A fresh database with the fake SMTP server, the cycle's staff and reviewers, and a project, for
 * one test file. Each test file calls it: the server's test files share a worker's modules
 * (`isolate: false`), so hooks written at this module's top level would run for the first file
 * only.
 */
export function useReviewCycleContext() {
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestContext({ config: { SMTP_URL: smtp.url } });
    admin = await person(['portal_admin'], 'Ann');
    rmAdmin = await person(['rm_admin'], 'Rae');
    primary = await person(['internal_reviewer'], 'Priya');
    secondary = await person(['external_reviewer'], 'Sam');
    portalReviewer = await person(['portal_reviewer'], 'Pat');
    abnReviewer = await person(['abn_reviewer'], 'Abe');
    outsider = await person(['internal_reviewer'], 'Otto');
    researcher = await person(['primary_researcher'], 'Rita');
    projectId = (await createProject(db(), { ownerId: researcher.id, title: 'Sleep in autism' })).id;
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
}
