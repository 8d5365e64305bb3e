import { afterAll, beforeAll } from 'vitest';
import { todayIso } from '@rrp/domain';
import { files } from '../../db/schema';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/** The projects API: an administrator, a reviewer and two primary researchers, Rita and Otto. */
export let t: TestContext;
export let admin: string;
export let reviewer: string;
export let researcher: { id: number; email: string; token: string };
export let other: { id: number; email: string; token: string };

async function person(
  roles: Parameters<TestContext['createUser']>[0]['roles'],
  firstName = 'Ada',
  lastName = 'Lovelace',
) {
  const user = await t.createUser({ roles, firstName, lastName });
  return { ...user, token: await t.tokenFor(user.email) };
}

/** Registers the set-up and tear-down; every test file of this set calls it once. */
export function setUpProjectsApi(): void {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.tokenForRole('portal_admin');
    reviewer = await t.tokenForRole('portal_reviewer');
    researcher = await person(['primary_researcher'], 'Rita', 'Researcher');
    other = await person(['primary_researcher'], 'Otto', 'Other');
  });
  afterAll(() => t.close());
}

export const valid = {
  title: 'Sleep in autistic children',
  abstract: 'We study sleep patterns.',
  non_autism_research: false,
};
export const post = (payload: object, token = researcher.token, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/project/${query}`, headers: auth(token), payload });
export const get = (url: string, token = researcher.token) => t.app.inject({ url, headers: auth(token) });
export const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));

/** An IRB file stored as an upload would store it, for the project or (null) before it exists. */
export async function irbFile(ownerId: number, projectId: number | null, data: Record<string, unknown> = {}) {
  const [row] = await t.database.db
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: `test/${Math.random()}`,
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: ownerId,
      projectId,
      additionalData: { designation: 1, approval_date: day(-10), renewal_date: day(200), ...data },
    })
    .returning();
  return row!;
}
