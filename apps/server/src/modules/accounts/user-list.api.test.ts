import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWER_ROLES } from '@rrp/domain';
import { createInstitution } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;
const ids: Record<string, number> = {};
let otherInstitution: number;

const get = (url: string, token = admin) => t.app.inject({ url, headers: auth(token) });
const names = async (url: string, token = admin) => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().results as { last_name: string }[]).map((row) => row.last_name);
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  otherInstitution = (await createInstitution(t.database.db, { name: 'Picker Institute' })).id;
  ids.zed = (await t.createUser({ roles: ['portal_reviewer'], firstName: 'Zoe', lastName: 'Zed-Picker' })).id;
  ids.abel = (
    await t.createUser({ roles: ['external_reviewer'], firstName: 'Al', lastName: 'Abel-Picker' })
  ).id;
  ids.mid = (
    await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Mia',
      lastName: 'Mid-Picker',
      institutionId: otherInstitution,
    })
  ).id;
});
afterAll(() => t.close());

describe('GET user/', () => {
  it('lists users by last name with groups and affiliations', async () => {
    const response = await get('/api/user/?search=picker');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().count).toBe(3);
    const rows = response.json().results;
    expect(rows.map((row: { last_name: string }) => row.last_name)).toEqual([
      'Abel-Picker',
      'Mid-Picker',
      'Zed-Picker',
    ]);
    expect(rows[0]).toMatchObject({
      full_name: 'Al Abel-Picker',
      groups: ['external_reviewer'],
      active: true,
    });
    expect(rows[1].institutions).toEqual([
      {
        id: otherInstitution,
        name: 'Picker Institute',
        verified: true,
        primary: true,
        joinder_date: expect.any(String),
      },
    ]);
    expect(rows[1].joinder_signed).toBe(true);
    expect(await names('/api/user/?search=picker&ordering=-last_name')).toEqual([
      'Zed-Picker',
      'Mid-Picker',
      'Abel-Picker',
    ]);
  });

  it('filters the reviewer picker by group names, and by ids, groups and institutions', async () => {
    expect(await names(`/api/user/?search=picker&groups__name__in=${REVIEWER_ROLES.join(',')}`)).toEqual([
      'Abel-Picker',
      'Zed-Picker',
    ]);
    expect(await names(`/api/user/?id__in=${ids.zed},${ids.mid}`)).toEqual(['Mid-Picker', 'Zed-Picker']);
    expect(await names(`/api/user/?institutions=${otherInstitution}`)).toEqual(['Mid-Picker']);
    expect(await names(`/api/user/?institutions__id__in=${otherInstitution}`)).toEqual(['Mid-Picker']);
    expect(await names('/api/user/?search=picker&last_name__icontains=zed')).toEqual(['Zed-Picker']);
    const paged = await get('/api/user/?search=picker&limit=1&offset=1');
    expect(paged.json().results.map((row: { last_name: string }) => row.last_name)).toEqual(['Mid-Picker']);
    expect(paged.json().next).toContain('offset=2');
  });

  it('answers 400 for unknown filters, orderings and bad values', async () => {
    expect((await get('/api/user/?colour=red')).statusCode).toBe(400);
    const ordering = await get('/api/user/?ordering=password');
    expect(ordering.statusCode).toBe(400);
    expect(errorBody(ordering).ordering).toEqual(['Unknown ordering field: password.']);
    expect((await get('/api/user/?id__in=a')).statusCode).toBe(400);
  });

  it('is for staff and officials: researchers and reviewers are refused, visitors must sign in', async () => {
    for (const role of ['primary_researcher', 'portal_reviewer'] as const) {
      expect((await get('/api/user/', await t.tokenForRole(role))).statusCode, role).toBe(403);
    }
    expect((await get('/api/user/', await t.tokenForRole('access_admin'))).statusCode).toBe(200);
    expect((await get('/api/user/', await t.tokenForRole('abn_proj_mgr'))).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/' })).statusCode).toBe(401);
  });
});
