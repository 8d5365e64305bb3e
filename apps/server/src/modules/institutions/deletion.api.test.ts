import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  files,
  history,
  institutions,
  officialInvitations,
  requests,
  userInstitutions,
  users,
} from '../../db/schema';
import { createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
});
afterAll(() => t.close());

const preview = (id: number, token = admin) =>
  t.app.inject({ url: `/api/institution/${id}/deletion/`, headers: auth(token) });
const remove = (id: number, token = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/institution/${id}/`, headers: auth(token) });

/**
 * An institution (created through the API, so with its RDA) with its official, a researcher who
 * belongs only to it, and a reviewer account affiliated with it too.
 */
async function populated(name: string) {
  const { institution, official } = await t.institutionWithOfficial(name);
  // The helper affiliates the official with the test university; make this institution their only one.
  await t.database.db
    .update(userInstitutions)
    .set({ institutionId: institution.id })
    .where(eq(userInstitutions.userId, official.id));
  const researcher = await t.createUser({
    roles: ['primary_researcher'],
    firstName: 'Rita',
    lastName: `Researcher ${name}`,
    institutionId: institution.id,
  });
  const staff = await t.createUser({
    roles: ['portal_reviewer'],
    firstName: 'Stan',
    lastName: 'Staff',
    institutionId: institution.id,
  });
  const project = await createProject(t.database.db, { ownerId: researcher.id });
  return { institution, official, researcher, staff, project };
}

const userExists = async (id: number) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
const requestExists = async (id: number) =>
  (await t.database.db.select({ id: requests.id }).from(requests).where(eq(requests.id, id))).length === 1;

describe('institution deletion', () => {
  it('previews and deletes an institution whose users have only open requests', async () => {
    const { institution, official, researcher, staff, project } = await populated('Open Only U');
    const open = await createRequest(t.database.db, { projectId: project.id, statusId: 2 });
    await t.database.db.insert(officialInvitations).values({
      institutionId: institution.id,
      firstName: 'Ivy',
      lastName: 'Invited',
      email: 'ivy@example.test',
      tokenHash: `hash-${institution.id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // An IRB letter of the researcher's project: its row and bytes go with the project.
    const irbKey = `test/irb-${institution.id}.pdf`;
    const irbAt = join(t.config.dataDir, 'files', irbKey);
    mkdirSync(dirname(irbAt), { recursive: true });
    writeFileSync(irbAt, '%PDF-1.4\n');
    const [irb] = await t.database.db
      .insert(files)
      .values({
        name: 'irb.pdf',
        storageKey: irbKey,
        type: 'irb',
        contentType: 'application/pdf',
        size: 9,
        projectId: project.id,
      })
      .returning();
    const [rda] = await t.database.db.select().from(files).where(eq(files.id, institution.current_rda!));
    const storedAt = join(t.config.dataDir, 'files', rda!.storageKey);
    expect(existsSync(storedAt)).toBe(true);

    const warning = await preview(institution.id);
    expect(warning.statusCode).toBe(200);
    expect(warning.json()).toEqual({
      deletable: true,
      users: expect.arrayContaining([
        { id: official.id, full_name: 'Olga Official', email: official.email },
        { id: researcher.id, full_name: 'Rita Researcher Open Only U', email: researcher.email },
      ]),
      kept_users: [{ id: staff.id, full_name: 'Stan Staff', email: staff.email }],
      open_requests: [
        {
          id: open.id,
          portal_request_id: open.portalRequestId,
          status: 2,
          status_name: 'Submitted',
          owner: { id: researcher.id, full_name: 'Rita Researcher Open Only U' },
        },
      ],
      blocking_requests: [],
      rda_files: 1,
    });
    expect(warning.json().users).toHaveLength(2);

    const deleted = await remove(institution.id);
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/institution/${institution.id}/`, headers: auth(admin) })).statusCode,
    ).toBe(404);
    // Its researcher and official go with it, with their open request; the staff account stays.
    expect(await userExists(researcher.id)).toBe(false);
    expect(await userExists(official.id)).toBe(false);
    expect(await requestExists(open.id)).toBe(false);
    expect(await userExists(staff.id)).toBe(true);
    const links = await t.database.db
      .select()
      .from(userInstitutions)
      .where(eq(userInstitutions.institutionId, institution.id));
    expect(links).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(officialInvitations)
        .where(eq(officialInvitations.institutionId, institution.id)),
    ).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.institutionId, institution.id))).toEqual(
      [],
    );
    expect(existsSync(storedAt)).toBe(false);
    expect(await t.database.db.select().from(files).where(eq(files.id, irb!.id))).toEqual([]);
    expect(existsSync(irbAt)).toBe(false);
    // The audit keeps who deleted what.
    const audit = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'institution'), eq(history.objectId, String(institution.id))));
    expect(audit.map((row) => row.action)).toContain('delete');
    const userAudit = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'user'), eq(history.objectId, String(researcher.id))));
    expect(userAudit.map((row) => row.action)).toContain('delete');
  });

  it('is blocked by an approved request, naming it, and changes nothing', async () => {
    const { institution, researcher, project } = await populated('Approved Request U');
    const approved = await createRequest(t.database.db, { projectId: project.id, statusId: 4 });
    const open = await createRequest(t.database.db, { projectId: project.id, statusId: 1 });

    const warning = (await preview(institution.id)).json();
    expect(warning.deletable).toBe(false);
    expect(warning.blocking_requests).toEqual([
      expect.objectContaining({ id: approved.id, status: 4, status_name: 'Approved' }),
    ]);
    expect(warning.open_requests.map((r: { id: number }) => r.id)).toEqual([open.id]);

    const refused = await remove(institution.id);
    expect(errorBody(refused)).toMatchObject({
      non_field_errors: [
        'The institution has users with approved, rejected or fullfilled requests and thus can not be deleted.',
      ],
      code: 'INSTITUTION_HAS_DECIDED_REQUESTS',
      blocking_requests: [
        {
          id: approved.id,
          portal_request_id: approved.portalRequestId,
          status: 4,
          status_name: 'Approved',
          owner: { id: researcher.id, full_name: 'Rita Researcher Approved Request U' },
        },
      ],
    });
    const [still] = await t.database.db
      .select()
      .from(institutions)
      .where(eq(institutions.id, institution.id));
    expect(still).toBeDefined();
    expect(await userExists(researcher.id)).toBe(true);
    expect(await requestExists(open.id)).toBe(true);
    expect(await requestExists(approved.id)).toBe(true);
  });

  it('is blocked by rejected and fulfilled requests too', async () => {
    for (const [statusId, name] of [
      [5, 'Rejected'],
      [7, 'Fulfilled'],
    ] as const) {
      const { institution, project } = await populated(`${name} Request U`);
      await createRequest(t.database.db, { projectId: project.id, statusId });
      expect(errorBody(await remove(institution.id)).blocking_requests).toEqual([
        expect.objectContaining({ status: statusId, status_name: name }),
      ]);
    }
  });

  it('keeps researchers affiliated elsewhere, and their requests filed elsewhere', async () => {
    const { institution } = await populated('Shared Researcher U');
    const other = await t.institutionWithOfficial('Second Home U');
    const traveller = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Tara',
      lastName: 'Traveller',
      institutionId: other.institution.id,
    });
    await t.database.db
      .insert(userInstitutions)
      .values({ userId: traveller.id, institutionId: institution.id, primary: false });
    const project = await createProject(t.database.db, {
      ownerId: traveller.id,
      institutionId: other.institution.id,
    });
    const elsewhere = await createRequest(t.database.db, { projectId: project.id, statusId: 7 });
    const here = await createRequest(t.database.db, {
      projectId: project.id,
      statusId: 2,
      institutionId: institution.id,
    });

    const warning = (await preview(institution.id)).json();
    expect(warning.deletable).toBe(true);
    expect(warning.kept_users.map((u: { id: number }) => u.id)).toContain(traveller.id);
    expect(warning.open_requests.map((r: { id: number }) => r.id)).toEqual([here.id]);

    expect((await remove(institution.id)).statusCode).toBe(204);
    expect(await userExists(traveller.id)).toBe(true);
    expect(await requestExists(elsewhere.id)).toBe(true);
    expect(await requestExists(here.id)).toBe(false);
  });

  it('is for administrators only', async () => {
    const { institution, official } = await populated('Guarded U');
    const reviewer = await t.tokenForRole('portal_reviewer');
    const officialToken = await t.tokenFor(official.email);
    for (const token of [reviewer, officialToken]) {
      expect((await preview(institution.id, token)).statusCode).toBe(403);
      expect((await remove(institution.id, token)).statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/institution/${institution.id}/` })).statusCode,
    ).toBe(401);
    const missing = await remove(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Could not delete institution as it does not exist.');
    expect((await preview(999_999)).statusCode).toBe(404);
    const [still] = await t.database.db
      .select()
      .from(institutions)
      .where(eq(institutions.id, institution.id));
    expect(still).toBeDefined();
  });
});
