import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { requestReviewers } from '../../db/schema';
import { createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/** The set-up the staff panel's API tests share (staff §3, §5, §6, §7; issue 8). */
export let t: TestContext;
export let admin: string;
export let manager: string;
export let researcher: { id: number; token: string };
export let reviewer: { id: number; token: string };
export let internal: { id: number; token: string };
export let external: { id: number };
export let stranger: { id: number };
let projectId: number;

export const db = () => t.database.db;
export const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
export const reviewersOf = async (id: number) =>
  (await db().select().from(requestReviewers).where(eq(requestReviewers.requestId, id)))
    .map((row) => row.userId)
    .sort((a, b) => a - b);

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], first: string, last: string) {
  const user = await t.createUser({ roles, firstName: first, lastName: last });
  return { id: user.id, token: await t.tokenFor(user.email) };
}

export const newRequest = async (statusId = 2) => (await createRequest(db(), { projectId, statusId })).id;

/** Registers the file's set-up and tear-down; every staff panel API test file calls it once. */
export function setUpRequestStaffApi(): void {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.tokenForRole('portal_admin');
    manager = await t.tokenForRole('abn_proj_mgr');
    researcher = await person(['primary_researcher'], 'Rae', 'Researcher');
    reviewer = await person(['portal_reviewer'], 'Paula', 'Reviewer');
    internal = await person(['internal_reviewer'], 'Ivan', 'Internal');
    external = {
      id: (await t.createUser({ roles: ['external_reviewer'], firstName: 'Eve', lastName: 'External' })).id,
    };
    stranger = {
      id: (await t.createUser({ roles: ['primary_researcher'], firstName: 'Sam', lastName: 'Stranger' })).id,
    };
    projectId = (await createProject(db(), { ownerId: researcher.id, title: 'Staff panel study' })).id;
  });
  afterAll(() => t.close());
}
