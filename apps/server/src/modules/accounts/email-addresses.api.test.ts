import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { history, researchTeamMembers, userTokens } from '../../db/schema';
import { createProject } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';
import { ADDED_EMAIL_MESSAGES } from './email-addresses.service';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

interface Person {
  id: number;
  email: string;
  token: string;
}
async function researcher(firstName = 'Rita'): Promise<Person> {
  const user = await t.createUser({ roles: ['primary_researcher'], firstName, lastName: 'Searcher' });
  return { ...user, token: await t.tokenFor(user.email) };
}

const patchEmails = (person: Person, emails: string[]) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${person.id}/`,
    headers: auth(person.token),
    payload: { emails },
  });
const verify = (token: string, person: Person) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify-email/',
    headers: auth(person.token),
    payload: { token },
  });
const profile = async (person: Person) =>
  (await t.app.inject({ url: `/api/user/${person.id}/`, headers: auth(person.token) })).json();

/** The token of the newest verification link e-mailed to this address. */
async function linkSentTo(email: string): Promise<string> {
  await t.app.outbox.deliverDue();
  const mail = [...smtp.inbox].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const match = /http:\/\/portal\.test\/verify-email\?token=(\S+)/.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

const saveTeam = (projectId: number, owner: Person, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/research-team/',
    headers: auth(owner.token),
    payload: {
      project_id: projectId,
      team: [{ email, first_name: 'Ivy', last_name: 'Invitee', user_role: 2, active: true }],
    },
  });
const teamRow = async (projectId: number, email: string) => {
  const [row] = await t.database.db
    .select()
    .from(researchTeamMembers)
    .where(and(eq(researchTeamMembers.projectId, projectId), eq(researchTeamMembers.email, email)));
  return row!;
};

describe('added e-mail addresses', () => {
  it('cannot take over a pending team invitation with an unverified address (issue 13.1)', async () => {
    const owner = await researcher('Olive');
    const attacker = await researcher('Mallory');
    const project = await createProject(t.database.db, { ownerId: owner.id, title: 'Invited study' });
    const invitee = 'ivy.invitee@example.edu';
    expect((await saveTeam(project.id, owner, invitee)).statusCode).toBe(200);

    // The attacker lists the invitee's address on their own profile: accepted, but unverified.
    const patched = await patchEmails(attacker, [invitee]);
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      emails: [invitee],
      email_addresses: [{ email: invitee, verified: false }],
    });
    // The owner saves the team again: the invitation stays with the address, not the attacker.
    expect((await saveTeam(project.id, owner, invitee)).statusCode).toBe(200);
    expect((await teamRow(project.id, invitee)).userId).toBeNull();
    const read = await t.app.inject({ url: `/api/project/${project.id}/`, headers: auth(attacker.token) });
    expect(read.statusCode).toBe(404);
    // Nor does the address count on the attacker's session.
    expect(
      (await t.app.inject({ url: '/api/user/me/', headers: auth(attacker.token) })).json().emails,
    ).toEqual([attacker.email]);

    // The link went to the invitee's mailbox, naming the account that asked; if the invitee
    // follows it signed in as themself, it is refused and stays unused.
    await t.app.outbox.deliverDue();
    const mail = smtp.inbox.find((m) => m.to.includes(invitee));
    expect(mail?.text).toContain(`Mallory Searcher (${attacker.email}) added this address`);
    const token = await linkSentTo(invitee);
    const inviteeAccount = await researcher('Ivy');
    expect(errorBody(await verify(token, inviteeAccount))).toMatchObject({
      token: [ADDED_EMAIL_MESSAGES.otherAccount],
    });
    expect((await profile(attacker)).email_addresses).toEqual([{ email: invitee, verified: false }]);
  });

  it('verifies an address from its link, signed in as the account that added it; team rows then bind', async () => {
    const owner = await researcher('Olive');
    const member = await researcher('Max');
    const second = `max.second.${member.id}@example.edu`;
    const project = await createProject(t.database.db, { ownerId: owner.id, title: 'Second address study' });
    await saveTeam(project.id, owner, second);

    await patchEmails(member, [second.toUpperCase()]);
    const token = await linkSentTo(second);
    const verified = await verify(token, member);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ email: second, verified: true });
    expect((await profile(member)).email_addresses).toEqual([{ email: second, verified: true }]);
    expect((await t.app.inject({ url: '/api/user/me/', headers: auth(member.token) })).json().emails).toEqual(
      [member.email, second],
    );
    // The row listed under the address joined the account when it was proved.
    expect((await teamRow(project.id, second)).userId).toBe(member.id);
    const read = await t.app.inject({ url: `/api/project/${project.id}/`, headers: auth(member.token) });
    expect(read.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'user'), eq(history.objectId, String(member.id))))
      .orderBy(sql`${history.version} desc`)
      .limit(1);
    expect(audit).toMatchObject({ changedFields: ['verified_emails'], modifierId: member.id });

    // The link works once; saving the profile again keeps the verification.
    expect(errorBody(await verify(token, member))).toMatchObject({
      token: ['The token could not be verified. Contact Support.'],
    });
    await patchEmails(member, [second, `max.third.${member.id}@example.edu`]);
    expect((await profile(member)).email_addresses).toEqual([
      { email: second, verified: true },
      { email: `max.third.${member.id}@example.edu`, verified: false },
    ]);
  });

  it('resends the link for an unverified address, and answers an expired link with a fresh one', async () => {
    const member = await researcher();
    const added = `resend.${member.id}@example.edu`;
    await patchEmails(member, [added]);
    const first = await linkSentTo(added);
    const resend = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/${member.id}/email-verification/`,
        headers: auth(member.token),
        payload: { email },
      });
    const resent = await resend(added);
    expect(resent.json()).toEqual({ detail: 'Verification email successfully sent' });
    const second = await linkSentTo(added);
    expect(second).not.toBe(first);
    // Only the newest link works.
    expect((await verify(first, member)).statusCode).toBe(400);

    await t.database.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(userTokens.userId, member.id));
    smtp.inbox.length = 0;
    const expired = await verify(second, member);
    expect(errorBody(expired)).toMatchObject({
      code: 'TOKEN_EXPIRED',
      token: ['The verification code has expired. A new email has been sent.'],
    });
    const fresh = await linkSentTo(added);
    expect((await verify(fresh, member)).statusCode).toBe(200);

    // Nothing to resend for a verified address or one not on the profile.
    expect(errorBody(await resend(added))).toMatchObject({ email: [ADDED_EMAIL_MESSAGES.alreadyVerified] });
    expect(errorBody(await resend('elsewhere@example.edu'))).toMatchObject({
      email: [ADDED_EMAIL_MESSAGES.notOnProfile],
    });
    // Another user's addresses are not anyone's business.
    const stranger = await researcher();
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/user/${member.id}/email-verification/`,
      headers: auth(stranger.token),
      payload: { email: added },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses an address another account owns, even from its own link', async () => {
    const owner = await researcher('Olga');
    const claimant = await researcher('Carl');
    await patchEmails(claimant, [owner.email]);
    const token = await linkSentTo(owner.email);
    expect(errorBody(await verify(token, claimant))).toMatchObject({
      email: [ADDED_EMAIL_MESSAGES.ownedElsewhere],
    });
    expect((await profile(claimant)).email_addresses).toEqual([{ email: owner.email, verified: false }]);
  });

  it('drops the sign-in address from the further ones, and validates them', async () => {
    const member = await researcher();
    const saved = await patchEmails(member, [member.email.toUpperCase()]);
    expect(saved.json()).toMatchObject({ emails: [], email_addresses: [] });
    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toHaveLength(0);
    expect(errorBody(await patchEmails(member, ['not-an-address']))).toMatchObject({
      emails: ['Please enter a valid email address.'],
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/verify-email/',
      headers: auth(member.token),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/verify-email/',
      payload: { token: 'x' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
