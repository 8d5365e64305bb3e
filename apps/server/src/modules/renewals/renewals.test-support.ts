import { afterAll, beforeAll } from 'vitest';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import { sampleTypes } from '../../db/schema';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

export const DAY = 86_400_000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY);

export const answersYes = {
  renew: true,
  publication_status: 1,
  publications: [{ citation: 'Doe J. Autism genetics. 2025.', published: '2025-03-01' }],
  generated_check: false,
  impact: 'Used for a replication study.',
};
export const answersNo = {
  renew: false,
  publication_status: 3,
  generated_check: false,
  impact: 'The study ended early.',
};

/**
 * What the renewal tests share: a test app with an administrator, the owner of a project with a
 * team member, a stranger and a reviewer, the seeded biospecimen sample types, and the calls.
 */
async function createRenewalsTest() {
  const t: TestContext = await createTestContext();
  const db = () => t.database.db;
  const adminUser = await t.createUser({ roles: ['portal_admin'] });
  const admin = { id: adminUser.id, token: await t.tokenFor(adminUser.email) };
  const ownerUser = await t.createUser({
    roles: ['primary_researcher'],
    firstName: 'Rita',
    lastName: 'Renew',
  });
  const owner = { ...ownerUser, token: await t.tokenFor(ownerUser.email) };
  const memberUser = await t.createUser({ roles: ['primary_researcher'] });
  const member = { id: memberUser.id, token: await t.tokenFor(memberUser.email) };
  const stranger = await t.tokenForRole('primary_researcher');
  const reviewer = await t.tokenForRole('portal_reviewer');
  const projectId = (await createProject(db(), { ownerId: owner.id, title: 'Renewal study' })).id;
  await addTeamMember(db(), {
    projectId,
    email: memberUser.email,
    firstName: 'Mia',
    lastName: 'Member',
    userRole: 2,
  });
  // The biospecimen sample types are reference data (seeded).
  const types = await db().select().from(sampleTypes);
  const ipscTypeId = types.find((row) => row.type === 'ipsc')!.id;
  const plasmaTypeId = types.find((row) => row.type === 'plasma')!.id;

  const post = (payload: object, token = owner.token) =>
    t.app.inject({ method: 'POST', url: '/api/renewal/', headers: auth(token), payload });
  const patch = (id: number, payload: object, token = owner.token) =>
    t.app.inject({ method: 'PATCH', url: `/api/renewal/${id}/`, headers: auth(token), payload });
  const get = (url: string, token = owner.token) => t.app.inject({ url, headers: auth(token) });

  /** A request of the owner's project, fulfilled and expiring in `days` days unless told otherwise. */
  async function request(input: Partial<Parameters<typeof createRequest>[1]> = {}, days = 30) {
    return (
      await createRequest(db(), {
        projectId,
        statusId: 7,
        typeId: 1,
        displayName: 'SSC Phenotype',
        expirationDate: inDays(days),
        ...input,
      })
    ).id;
  }

  return {
    t,
    db,
    admin,
    owner,
    member,
    stranger,
    reviewer,
    projectId,
    ipscTypeId,
    plasmaTypeId,
    post,
    patch,
    get,
    request,
  };
}

type RenewalsTest = Awaited<ReturnType<typeof createRenewalsTest>>;

// The set-up's parts, bound for the test file that calls useRenewalsContext() (live bindings).
let t: TestContext;
export let db: RenewalsTest['db'];
export let admin: RenewalsTest['admin'];
export let owner: RenewalsTest['owner'];
export let member: RenewalsTest['member'];
export let stranger: RenewalsTest['stranger'];
export let reviewer: RenewalsTest['reviewer'];
export let ipscTypeId: RenewalsTest['ipscTypeId'];
export let plasmaTypeId: RenewalsTest['plasmaTypeId'];
export let post: RenewalsTest['post'];
export let patch: RenewalsTest['patch'];
export let get: RenewalsTest['get'];
export let request: RenewalsTest['request'];

/** Registers the renewal tests' shared set-up (a fresh app and its people) for the calling file. */
export function useRenewalsContext() {
  beforeAll(async () => {
    ({
      t,
      db,
      admin,
      owner,
      member,
      stranger,
      reviewer,
      ipscTypeId,
      plasmaTypeId,
      post,
      patch,
      get,
      request,
    } = await createRenewalsTest());
  });
  afterAll(() => t.close());
}
