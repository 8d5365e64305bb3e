import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWER_ROLES } from '@rrp/domain';
import { eq } from 'drizzle-orm';
import { createInstitution } from '../../db/factories';
import { userEmails, userInstitutions, users } from '../../db/schema';
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

describe('GET user/: the Users list filters', () => {
  let signed: number;
  let unsigned: number;
  let unaffiliated: number;
  let institution: number;

  beforeAll(async () => {
    institution = (await createInstitution(t.database.db, { name: 'Filter Institute' })).id;
    signed = (
      await t.createUser({
        roles: ['primary_researcher'],
        lastName: 'Signed-Filter',
        institutionId: institution,
      })
    ).id;
    unsigned = (
      await t.createUser({
        roles: ['primary_researcher'],
        lastName: 'Unsigned-Filter',
        institutionId: institution,
        institutionVerified: false,
      })
    ).id;
    unaffiliated = (await t.createUser({ roles: ['portal_reviewer'], lastName: 'Loose-Filter' })).id;
    await t.database.db.delete(userInstitutions).where(eq(userInstitutions.userId, unaffiliated));
    await t.database.db
      .insert(userEmails)
      .values({ userId: unaffiliated, email: 'second.address@filter.test' });
  });

  it('finds users with no signed joinder, and with one', async () => {
    expect(await names('/api/user/?search=filter&userinstitution__joinder_date__isnull=true')).toEqual([
      'Loose-Filter',
      'Unsigned-Filter',
    ]);
    // 'View PIs with no signed joinder'.
    expect(
      await names(
        '/api/user/?search=filter&groups__name=primary_researcher&userinstitution__joinder_date__isnull=true',
      ),
    ).toEqual(['Unsigned-Filter']);
    expect(await names('/api/user/?search=filter&userinstitution__joinder_date__isnull=false')).toEqual([
      'Signed-Filter',
    ]);
    const bad = await get('/api/user/?userinstitution__joinder_date__isnull=maybe');
    expect(errorBody(bad).userinstitution__joinder_date__isnull).toEqual(['Enter true or false.']);
  });

  it('filters by further e-mail addresses, first name, e-mail and institutions, and searches further addresses', async () => {
    expect(await names('/api/user/?emails__email__icontains=SECOND.ADDRESS')).toEqual(['Loose-Filter']);
    expect(await names('/api/user/?search=second.address@filter')).toEqual(['Loose-Filter']);
    expect(await names(`/api/user/?institutions__id__in=${institution},999`)).toEqual([
      'Signed-Filter',
      'Unsigned-Filter',
    ]);
    const [one] = (await get(`/api/user/?id=${signed}`)).json().results;
    expect(
      await names(`/api/user/?email__icontains=${one.email.slice(0, 8)}&id__in=${signed},${unsigned}`),
    ).toEqual(['Signed-Filter']);
    expect(await names(`/api/user/?first_name__icontains=zo&search=picker`)).toEqual(['Zed-Picker']);
    expect(await names(`/api/user/?search=filter&groups__name__in=portal_reviewer,sbso`)).toEqual([
      'Loose-Filter',
    ]);
    expect(await names(`/api/user/?search=filter&ordering=-last_login,last_name`)).toHaveLength(3);
  });

  it('marks whether the primary affiliation’s joinder is signed', async () => {
    const rows = (await get('/api/user/?search=filter')).json().results as {
      last_name: string;
      joinder_signed: boolean;
      created: string;
    }[];
    expect(rows.map((row) => [row.last_name, row.joinder_signed])).toEqual([
      ['Loose-Filter', false],
      ['Signed-Filter', true],
      ['Unsigned-Filter', false],
    ]);
    expect(rows[0]!.created).toEqual(expect.any(String));
  });
});

describe('GET user/download/: the list as CSV', () => {
  it('streams every user the filters match, in the list’s order, with the list’s columns', async () => {
    await t.createUser({ roles: ['primary_researcher'], firstName: '=cmd', lastName: 'Csv-Formula' });
    const response = await get('/api/user/download/?search=filter&limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Institution or Active Period,Email Address,Joinder Signed?,Date of Last Login,Roles,Active',
    );
    // `limit` does not cut the file: all three matching users.
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Loose-Filter',
      'Signed-Filter',
      'Unsigned-Filter',
    ]);
    expect(lines[1]).toContain('Active since');
    expect(lines[2]).toContain(',Filter Institute,');
    expect(lines[2]).toContain(',Yes,');
    expect(lines[2]).toContain('Primary Researcher');
    // A cell a spreadsheet would run is escaped.
    const formula = await get('/api/user/download/?search=csv-formula');
    expect(formula.body).toContain(`"'=cmd Csv-Formula"`);
  });

  it('streams a list longer than one batch, and refuses bad filters and non-staff', async () => {
    await t.database.db
      .insert(users)
      .values(Array.from({ length: 520 }, (_, i) => ({ email: `bulk${i}@csv.test`, lastName: `Bulk-${i}` })));
    const response = await get('/api/user/download/');
    const count = (await get('/api/user/?limit=1')).json().count;
    expect(response.body.trim().split('\r\n')).toHaveLength(count + 1);
    expect((await get('/api/user/download/?colour=red')).statusCode).toBe(400);
    expect((await get('/api/user/download/', await t.tokenForRole('primary_researcher'))).statusCode).toBe(
      403,
    );
  });
});
