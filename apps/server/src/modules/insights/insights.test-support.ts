import { createProject } from '../../db/factories';
import { createTestContext, type TestContext } from '../../../test/test-app';

/** A test app, an administrator's token and a researcher's project to file requests under. */
export async function createInsightsTest() {
  const t: TestContext = await createTestContext();
  const admin = await t.tokenForRole('portal_admin');
  const owner = await t.createUser({ roles: ['primary_researcher'] });
  const projectId = (await createProject(t.database.db, { ownerId: owner.id, title: 'Turnaround' })).id;
  return { t, admin, projectId };
}
