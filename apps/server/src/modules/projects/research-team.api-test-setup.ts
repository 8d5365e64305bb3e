import { afterAll, beforeAll } from 'vitest';
import { createProject } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * The research-team API: Olive Owner's projects, her colleague Cole (with an account), staff of
 * three roles and a stranger.
 */
export let t: TestContext;
export let admin: string;
export let accessAdmin: string;
export let readOnly: string;
export let owner: { id: number; email: string; token: string };
export let colleague: { id: number; email: string; token: string };
export let stranger: string;

/** Registers the set-up and tear-down; every test file of this set calls it once. */
export function setUpResearchTeamApi(): void {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.tokenForRole('portal_admin');
    accessAdmin = await t.tokenForRole('access_admin');
    readOnly = await t.tokenForRole('internal_read_only');
    stranger = await t.tokenForRole('primary_researcher');
    const o = await t.createUser({ roles: ['primary_researcher'], firstName: 'Olive', lastName: 'Owner' });
    owner = { ...o, token: await t.tokenFor(o.email) };
    const c = await t.createUser({ roles: ['primary_researcher'], firstName: 'Cole', lastName: 'League' });
    colleague = { ...c, token: await t.tokenFor(c.email) };
  });
  afterAll(() => t.close());
}

export interface Row {
  email: string;
  first_name: string;
  last_name: string;
  user_role: number;
  institution?: number | null;
  globus_username?: string | null;
  active?: boolean;
  id?: number;
}

export const save = (projectId: number, team: Row[], token = owner.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/research-team/',
    headers: auth(token),
    payload: { project_id: projectId, team },
  });
export const list = (projectId: number, token = owner.token, extra = '') =>
  t.app.inject({ url: `/api/research-team/?project_id=${projectId}${extra}`, headers: auth(token) });

export const colleagueRow = (): Row => ({
  email: colleague.email,
  first_name: 'Cole',
  last_name: 'League',
  user_role: 2,
  globus_username: 'cole@globusid.org',
});
export const outsiderRow: Row = {
  email: 'outside@example.edu',
  first_name: 'Out',
  last_name: 'Sider',
  user_role: 3,
};

export async function newProject() {
  return createProject(t.database.db, { ownerId: owner.id, title: 'Team study' });
}
