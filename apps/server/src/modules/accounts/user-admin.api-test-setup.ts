import { afterAll, beforeAll, beforeEach } from 'vitest';
import { count } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createInstitution } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

export let t: TestContext;
export let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
export let accessAdmin: { id: number; email: string; token: string };
export let superuser: string;
export let approvedId: number;
export let otherApprovedId: number;
export let rejectedId: number;

export const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
export const newUser = (email: string, extra: object = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  ...extra,
});
export const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

export async function linkSentTo(email: string, pattern: RegExp): Promise<string> {
  await t.app.outbox.deliverDue();
  const mail = [...smtp.inbox]
    .reverse()
    .find((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return match[1]!;
}

/** Registers the file's set-up and tear-down; every test file of this set calls it once. */
export function setUpUserAdminApi(): void {
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestContext({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' } });
    const admin = await t.createUser({ roles: ['access_admin'] });
    accessAdmin = { ...admin, token: await t.tokenFor(admin.email) };
    superuser = await t.tokenForRole('superuser');
    approvedId = (await createInstitution(t.database.db, { name: 'Admin Form U', statusId: 3 })).id;
    otherApprovedId = (await createInstitution(t.database.db, { name: 'Second Form U', statusId: 3 })).id;
    rejectedId = (await createInstitution(t.database.db, { name: 'Rejected Form U', statusId: 4 })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.app.outbox.deliverDue();
    smtp.inbox.length = 0;
  });
}
