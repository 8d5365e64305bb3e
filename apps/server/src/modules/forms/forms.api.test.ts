import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COHORTS, SHIPPING_VENDORS, RESEARCH_TEAM_ROLES } from '@rrp/domain';
import { FORM_CATALOGUE, parseFormSchema, validateForm } from '@rrp/domain/forms';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { createFormsService } from './forms.service';

let t: TestContext;
let researcher: string;
beforeAll(async () => {
  t = await createTestContext({ config: { PRODUCT_NAME: 'Acme Portal' } });
  researcher = await t.tokenForRole('primary_researcher');
});
afterAll(() => t.close());

describe('GET /forms/{id}.json', () => {
  it('serves every shipped form to anyone, as a valid schema with the product name filled in', async () => {
    for (const { id, title } of FORM_CATALOGUE) {
      const response = await t.app.inject({ url: `/forms/${id}.json` });
      expect(response.statusCode, id).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control']).toBe('no-cache');
      const form = parseFormSchema(response.json());
      expect(form?.title).toBe(title);
      expect(response.body).not.toContain('{product}');
    }
  });

  it('fills {product} with the configured name', async () => {
    const ipsc = (await t.app.inject({ url: '/forms/ipsc.json' })).json();
    expect(validateForm(ipsc, { ipsc_modifying: 'yes' }).errors.share_with_simons).toBe(
      'This is required by Acme Portal to continue',
    );
  });

  it('answers 404 for an unknown form, a missing .json or a path outside the forms', async () => {
    for (const path of ['/forms/nope.json', '/forms/ipsc', '/forms/..%2Fpackage.json', '/forms/IPSC.json']) {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode, path).toBe(404);
      expect(errorBody(response)).toMatchObject({ detail: 'Not found.' });
    }
  });
});

describe('the forms service', () => {
  it('validates answers with the one validator', () => {
    const forms = createFormsService({ db: t.database.db, productName: 'Acme Portal' });
    expect(forms.validate('globus_account', { globus_username: 'nope' }).errors).toEqual({
      globus_username: 'Not a valid Globus Id or Username',
    });
    expect(() => forms.get('missing')).toThrow('Not found.');
  });

  it('refuses to start with a document that is not a valid form, naming it', () => {
    const broken = { id: 'broken', title: 'Broken', fields: [{ type: 'slider', key: 'a', label: 'A' }] };
    expect(() =>
      createFormsService({ db: t.database.db, productName: 'Acme Portal', documents: [broken] }),
    ).toThrow(/^Form broken is not a valid form schema/);
  });
});

describe('GET /api/response-selection/', () => {
  const list = (query: string, token?: string) =>
    t.app.inject({ url: `/api/response-selection/?${query}`, headers: token ? auth(token) : {} });

  it('lists shipping vendors in the order they were created, to visitors too', async () => {
    const response = await list('table=shipping_vendors&ordering=created');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(SHIPPING_VENDORS.length);
    expect(body.results.map((row: { name: string }) => row.name)).toEqual([...SHIPPING_VENDORS]);
    expect(body.results[0]).toEqual({ id: expect.any(Number), name: 'None' });
  });

  it('lists research team roles and cohorts, with paging, search and descending order', async () => {
    const roles = (await list('table=research_team_roles&ordering=created&limit=2', researcher)).json();
    expect(roles.count).toBe(RESEARCH_TEAM_ROLES.length);
    expect(roles.results.map((row: { name: string }) => row.name)).toEqual(RESEARCH_TEAM_ROLES.slice(0, 2));
    expect(roles.next).toContain('offset=2');
    expect(roles.next).toContain('table=research_team_roles');

    const cohorts = (await list('table=cohorts&ordering=-name')).json();
    const names = cohorts.results.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(names).toEqual(expect.arrayContaining([...COHORTS]));

    const found = (await list('table=cohorts&search=spa')).json();
    expect(found.results.map((row: { name: string }) => row.name)).toEqual(['SPARK']);
  });

  it('answers 400 for a missing or unknown table, an unknown ordering or an unknown filter', async () => {
    for (const query of ['', 'table=users', 'table=groups&ordering=created']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorBody(response).table).toEqual([
        'Select a valid choice: research_team_roles, shipping_vendors, cohorts.',
      ]);
    }
    const ordering = await list('table=cohorts&ordering=colour');
    expect(ordering.statusCode).toBe(400);
    expect(errorBody(ordering).ordering).toEqual(['Unknown ordering field: colour.']);
    const filter = await list('table=cohorts&position=1');
    expect(filter.statusCode).toBe(400);
  });
});
