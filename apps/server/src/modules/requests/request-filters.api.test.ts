import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;
let owner: { id: number; email: string };
let projectId: number;
const req: Record<string, number> = {};

const db = () => t.database.db;
const get = (url: string, token = admin) => t.app.inject({ url, headers: auth(token) });
const ids = async (url: string, token = admin) => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().results as { id: number }[]).map((row) => row.id);
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  owner = await t.createUser({ roles: ['primary_researcher'], firstName: 'Fay', lastName: 'Filter' });
  projectId = (await createProject(db(), { ownerId: owner.id, title: 'Filter study' })).id;
  req.expiresEarly = (
    await createRequest(db(), {
      projectId,
      statusId: 7,
      expirationDate: new Date('2031-01-15T00:00:00Z'),
    })
  ).id;
  req.expiresLate = (
    await createRequest(db(), {
      projectId,
      statusId: 7,
      expirationDate: new Date('2031-06-30T00:00:00Z'),
    })
  ).id;
  req.noExpiry = (await createRequest(db(), { projectId, statusId: 2 })).id;
});
afterAll(() => t.close());

describe('request list: expiration date range', () => {
  it('keeps requests expiring on or after expiration_date__gte and on or before expiration_date__lte', async () => {
    expect(await ids('/api/request/?expiration_date__gte=2031-01-01&limit=1000')).toEqual(
      expect.arrayContaining([req.expiresEarly, req.expiresLate]),
    );
    const window = await ids(
      '/api/request/?expiration_date__gte=2031-01-01&expiration_date__lte=2031-03-01&limit=1000',
    );
    expect(window).toContain(req.expiresEarly);
    expect(window).not.toContain(req.expiresLate);
    expect(window).not.toContain(req.noExpiry);
    expect(
      await ids('/api/request/?expiration_date__lte=2031-06-30&expiration_date__gte=2031-02-01'),
    ).toEqual([req.expiresLate]);
  });

  it('answers 400 for a date that is not YYYY-MM-DD', async () => {
    const response = await get('/api/request/?expiration_date__gte=soon');
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).expiration_date__gte).toEqual(['Enter a date as YYYY-MM-DD.']);
  });
});
