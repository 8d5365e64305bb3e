import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDto } from '@rrp/domain';
import { createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * The expected decision on a pending request (issue 19, decision 201): from the last 12 months'
 * decisions of its type, or the Research Match quarter; none with too little history.
 */
let t: TestContext;
let owner: { id: number; token: string };
let projectId: number;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  t = await createTestContext();
  const user = await t.createUser({ roles: ['primary_researcher'] });
  owner = { id: user.id, token: await t.tokenFor(user.email) };
  projectId = (await createProject(t.database.db, { ownerId: owner.id, title: 'Timing study' })).id;
  // Twenty dataset decisions taking 1 to 20 days; the 80th percentile is 16.2 days.
  for (let days = 1; days <= 20; days += 1) {
    await createRequest(t.database.db, {
      projectId,
      typeId: 1,
      statusId: 4,
      submissionDate: ago(100 + days),
      decisionDate: ago(100),
    });
  }
  // One decided long ago does not count; nor do 19 biospecimen decisions (too few).
  await createRequest(t.database.db, {
    projectId,
    typeId: 1,
    statusId: 4,
    submissionDate: ago(900),
    decisionDate: ago(400),
  });
  for (let count = 0; count < 19; count += 1) {
    await createRequest(t.database.db, {
      projectId,
      typeId: 2,
      statusId: 5,
      submissionDate: ago(40),
      decisionDate: ago(30),
    });
  }
});
afterAll(() => t.close());

const read = async (id: number): Promise<RequestDto> => {
  const response = await t.app.inject({ url: `/api/request/${id}/`, headers: auth(owner.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RequestDto>();
};

describe('expected_decision', () => {
  it('gives a submitted request the day by which 8 in 10 of its type were decided, and says so', async () => {
    const submitted = new Date('2026-11-02T15:00:00Z');
    const pending = await createRequest(t.database.db, {
      projectId,
      typeId: 1,
      statusId: 2,
      submissionDate: submitted,
    });
    expect((await read(pending.id)).expected_decision).toEqual({
      date: '2026-11-19',
      basis:
        'Of the 20 Dataset applications decided in the last 12 months, 8 in 10 were decided within 17 days of submission.',
    });
    // The list answers it too.
    const list = await t.app.inject({ url: '/api/request/?status=2', headers: auth(owner.token) });
    const row = list.json<{ results: RequestDto[] }>().results.find((item) => item.id === pending.id);
    expect(row?.expected_decision?.date).toBe('2026-11-19');
  });

  it('gives none with too little history, for drafts, or once decided', async () => {
    const biospecimen = await createRequest(t.database.db, { projectId, typeId: 2, statusId: 2 });
    expect((await read(biospecimen.id)).expected_decision).toBeNull();
    const draft = await createRequest(t.database.db, { projectId, typeId: 1, statusId: 1 });
    expect((await read(draft.id)).expected_decision).toBeNull();
    const decided = await createRequest(t.database.db, {
      projectId,
      typeId: 1,
      statusId: 4,
      decisionDate: new Date(),
    });
    expect((await read(decided.id)).expected_decision).toBeNull();
  });

  it('places a Research Match application in its quarter: the deadline, then the next review meeting', async () => {
    const application = await createRequest(t.database.db, {
      projectId,
      typeId: 4,
      statusId: 3,
      submissionDate: new Date('2026-08-15T10:00:00Z'),
    });
    expect((await read(application.id)).expected_decision).toEqual({
      date: '2026-12-31',
      basis:
        'Research Match applications are reviewed quarterly. This one is reviewed after the September 30, 2026 deadline and decided at the review meeting that follows, by December 31, 2026.',
    });
  });
});
