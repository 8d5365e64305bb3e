import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { institutions, projects, requests, users } from '../../db/schema';
import { createInstitution, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { REQUEST_SEARCH_SEPARATOR } from './requests.lists';

/**
 * The request list's `search` reads `requests.search_text` (migration 0033), which database
 * triggers keep: these tests change each field it holds and search for the old and new values.
 */
let t: TestContext;
let staff: string;
let requestId: number;
let portalRequestId: string;
let ownerId: number;
let institutionId: number;
let projectId: number;

const found = async (term: string): Promise<number[]> => {
  const answer = await t.app.inject({
    url: `/api/request/?search=${encodeURIComponent(term)}&limit=1000`,
    headers: auth(staff),
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { results: { id: number }[] }).results.map((row) => row.id);
};

beforeAll(async () => {
  t = await createTestContext();
  staff = await t.tokenForRole('internal_read_only');
  ownerId = (await t.createUser({ roles: ['primary_researcher'], firstName: 'Zara', lastName: 'Quimby' })).id;
  institutionId = (await createInstitution(t.database.db, { name: 'Quillfield University' })).id;
  projectId = (await createProject(t.database.db, { ownerId, title: 'Marmoset vocal study' })).id;
  const request = await createRequest(t.database.db, {
    projectId,
    institutionId,
    statusId: 3,
    displayName: 'Orcadian resource',
  });
  requestId = request.id;
  portalRequestId = request.portalRequestId;
});
afterAll(async () => {
  await t.close();
});

describe('request search', () => {
  it('finds a request by each field it holds, and by none across two of them', async () => {
    for (const term of [portalRequestId, 'orcadian', 'zara quimby', 'quillfield', 'MARMOSET vocal']) {
      expect(await found(term), term).toContain(requestId);
    }
    // The owner's name ends and the institution's name begins: no one field holds both.
    expect(await found('quimby quillfield')).not.toContain(requestId);
    // A term holding the separator is matched field by field, and no field holds it.
    expect(await found(`quimby${REQUEST_SEARCH_SEPARATOR}quillfield`)).toEqual([]);
  });

  it('follows a renamed owner, institution and project, and a change of owner', async () => {
    await t.database.db.update(users).set({ lastName: 'Quenby' }).where(eq(users.id, ownerId));
    expect(await found('zara quenby')).toContain(requestId);
    expect(await found('zara quimby')).not.toContain(requestId);

    await t.database.db
      .update(institutions)
      .set({ name: 'Quartzfield Institute' })
      .where(eq(institutions.id, institutionId));
    expect(await found('quartzfield')).toContain(requestId);
    expect(await found('quillfield')).not.toContain(requestId);

    await t.database.db.update(projects).set({ title: 'Tamarin calls' }).where(eq(projects.id, projectId));
    expect(await found('tamarin')).toContain(requestId);
    expect(await found('marmoset')).not.toContain(requestId);

    const newOwner = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Yusuf',
      lastName: 'Xanthos',
    });
    await t.database.db.update(requests).set({ ownerId: newOwner.id }).where(eq(requests.id, requestId));
    expect(await found('xanthos')).toContain(requestId);
    expect(await found('quenby')).not.toContain(requestId);
  });
});
