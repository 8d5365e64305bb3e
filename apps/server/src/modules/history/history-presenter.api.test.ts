import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTISM_QUESTION, USAGE_QUESTIONS, type HistoryEntryDto, type HistoryFieldDto } from '@rrp/domain';
import { sampleTypes } from '../../db/schema';
import { addTeamMember, createSample } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/** Audit trails as people read them (decision 126): labels, names with links, form order, no internals. */
let t: TestContext;
let researcher: { id: number; email: string; token: string };
let admin: string;
let plasmaId: number;

beforeAll(async () => {
  t = await createTestContext();
  const user = await t.createUser({
    roles: ['primary_researcher'],
    firstName: 'Rita',
    lastName: 'Researcher',
  });
  researcher = { ...user, token: await t.tokenFor(user.email) };
  admin = await t.tokenForRole('portal_admin');
  const plasma = (await t.database.db.select().from(sampleTypes)).find((row) => row.type === 'plasma')!;
  plasmaId = plasma.id;
  await createSample(t.database.db, { id: '11000-p1', sampleTypeId: plasmaId });
  await createSample(t.database.db, { id: '11000-mo', sampleTypeId: plasmaId });
});
afterAll(() => t.close());

const historyOf = async (model: string, pk: number, token: string) => {
  const response = await t.app.inject({
    url: `/api/history/?model=${model}&pk=${pk}&expand=modifier`,
    headers: auth(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: HistoryEntryDto[] }>().results;
};
const field = (entry: HistoryEntryDto | undefined, label: string) =>
  entry?.fields.find((item) => item.label === label);
const texts = (item: HistoryFieldDto | undefined) =>
  item?.value.map((part) => (part.kind === 'date' ? part.value : part.text));

async function newProject(title: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/project/',
    headers: auth(researcher.token),
    payload: { title, abstract: 'Sleep and speech.', non_autism_research: false },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function plasmaRequest(projectId: number, submit: boolean) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/request/',
    headers: auth(researcher.token),
    payload: {
      project: projectId,
      type: 2,
      additional_data: {
        sample_type: plasmaId,
        samples: { '11000-p1': 2, '11000-mo': 1 },
        usage: 'Proteomics of plasma.',
        genetic_seq: ['none'],
        bio_destroyed: 'yes',
        full_name: 'Rita Researcher',
        title: 'Professor',
        email: 'rita@example.test',
        phone_number: '555-0100',
        address: '1 Lab Way',
        city: 'Springfield',
        region: 'IL',
        postal_code: '62701',
        country: 'USA',
        shipping_vendor: 'FedEx',
        shipping_vendor_account_number: '12345',
      },
      usage_answers: [true, true, true],
      agreed_to_usage_policy: true,
      submit,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('history: a request as people read it', () => {
  it('labels every field, names related objects with links, and leaves bookkeeping out', async () => {
    const projectId = await newProject('Sleep study');
    const requestId = await plasmaRequest(projectId, true);
    const [created] = await historyOf('request', requestId, researcher.token);

    expect(field(created, 'Status')?.value).toEqual([{ kind: 'text', text: 'Submitted' }]);
    expect(field(created, 'Request type')?.value).toEqual([{ kind: 'text', text: 'Biospecimen' }]);
    expect(field(created, 'Project')?.value).toEqual([
      { kind: 'link', text: 'Sleep study', href: `/project/${projectId}` },
    ]);
    expect(field(created, 'Institution')?.value).toEqual([
      { kind: 'link', text: 'Test University', href: expect.stringMatching(/^\/institution\/\d+$/) },
    ]);
    expect(texts(field(created, 'Principal Investigator'))).toEqual(['Rita Researcher']);
    expect(texts(field(created, 'Sample type'))).toEqual(['Plasma']);
    expect(field(created, 'Date submitted')?.value).toEqual([
      { kind: 'date', value: expect.any(String), time: true },
    ]);
    const labels = created!.fields.map((item) => item.label);
    for (const internal of ['reviewersLocked', 'zendeskTicketIds', 'portalRequestId', 'displayName', 'id'])
      expect(labels).not.toContain(internal);
    expect(labels.every((label) => /^[A-Z]/.test(label))).toBe(true);
    expect(labels).not.toContain('Reviewers');
    expect(JSON.stringify(created!.fields)).not.toMatch(/"\{\}"|"\[\]"|Project \d|Institution \d/);
    // A researcher's copy of the stored version keeps only what the trail shows them.
    expect(Object.keys(created!.data)).not.toContain('zendeskTicketIds');
    expect(created!.changed).toEqual([]);
  });

  it("shows the form's answers one by one in the form's order, the samples with amounts, and the usage answers", async () => {
    const requestId = await plasmaRequest(await newProject('Order study'), true);
    const [created] = await historyOf('request', requestId, researcher.token);
    const answers = created!.fields.filter((item) => item.section === 'Plasma Request');
    const order = answers.map((item) => item.label);
    expect(order.indexOf('Street address')).toBeLessThan(order.indexOf('City'));
    expect(order.indexOf('City')).toBeLessThan(order.indexOf('Postal code'));
    expect(order[0]).toBe('Sample IDs');
    expect(texts(answers[0])?.sort()).toEqual(['11000-mo (1)', '11000-p1 (2)']);
    expect(texts(answers.find((item) => item.label === 'City'))).toEqual(['Springfield']);
    const usage = created!.fields.filter((item) => item.section === 'Resource usage');
    // The three questions, then the agreement the usage step records with them.
    expect(usage.map((item) => item.label)).toEqual([...USAGE_QUESTIONS, 'Agreed to the terms']);
    expect(usage.map(texts)).toEqual([['Yes'], ['Yes'], ['Yes'], ['Yes']]);
  });

  it('says what each version changed, by label', async () => {
    const requestId = await plasmaRequest(await newProject('Draft study'), false);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/request/${requestId}/`,
      headers: auth(researcher.token),
      payload: { additional_data: { city: 'Shelbyville' }, status: 2 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [latest, first] = await historyOf('request', requestId, researcher.token);
    expect(first!.changed).toEqual([]);
    expect(latest!.changed).toEqual(expect.arrayContaining(['Status', 'Date submitted', 'City']));
    expect(latest!.changed).not.toContain('Street address');
    expect(texts(field(first, 'City'))).toEqual(['Springfield']);
    expect(texts(field(latest, 'City'))).toEqual(['Shelbyville']);
  });

  it('shows staff who reviews the request, and keeps it from the researcher', async () => {
    const requestId = await plasmaRequest(await newProject('Review study'), true);
    const reviewer = await t.createUser({ roles: ['portal_reviewer'], firstName: 'Rae', lastName: 'Viewer' });
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/request/${requestId}/review_users/`,
      headers: auth(admin),
      payload: { users: [reviewer.id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [staffView] = await historyOf('request', requestId, admin);
    expect(texts(field(staffView, 'Reviewers'))).toEqual(['Rae Viewer']);
    expect(staffView!.changed).toEqual(['Reviewers']);
    const [researcherView] = await historyOf('request', requestId, researcher.token);
    expect(field(researcherView, 'Reviewers')).toBeUndefined();
    expect(researcherView!.changed).toEqual([]);
    expect(researcherView!.changed_fields).not.toContain('review_users');
  });
});

describe('history: projects and institutions', () => {
  it("words a project's autism answer as its form asks it, and lists its team by name", async () => {
    const projectId = await newProject('Team study');
    await addTeamMember(t.database.db, {
      projectId,
      email: 'tom@example.test',
      firstName: 'Tom',
      lastName: 'Teammate',
      userRole: 2,
    });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${projectId}/`,
      headers: auth(researcher.token),
      payload: { title: 'Team study, renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [latest, created] = await historyOf('project', projectId, researcher.token);
    expect(texts(field(created, AUTISM_QUESTION))).toEqual(['Yes']);
    expect(texts(field(created, 'Title'))).toEqual(['Team study']);
    expect(field(created, 'Abstract')?.long).toBe(true);
    expect(field(created, 'Public title')?.value).toEqual([]);
    expect(latest!.changed).toContain('Title');
    expect(texts(field(latest, 'Research team'))?.join('\n')).toContain('Tom Teammate (tom@example.test)');
  });

  it("lets a signing official read their own institution's trail, and no other", async () => {
    const { institution, official } = await t.institutionWithOfficial('Official University');
    const other = await t.institutionWithOfficial('Someone Else College');
    const token = await t.tokenFor(official.email);
    const [created] = await historyOf('institution', institution.id, token);
    expect(texts(field(created, 'Name'))).toEqual(['Official University']);
    expect(texts(field(created, 'Status'))).toEqual(['Institution Approved']);
    expect(field(created, 'Compliance acknowledged by staff')).toBeUndefined();
    const refused = await t.app.inject({
      url: `/api/history/?model=institution&pk=${other.institution.id}`,
      headers: auth(token),
    });
    expect(refused.statusCode).toBe(404);
    const staff = await historyOf('institution', institution.id, admin);
    expect(field(staff[0], 'Compliance acknowledged by staff')).toBeDefined();
  });

  it('labels the fields of models without a format from their names', async () => {
    const superuser = await t.tokenForRole('superuser');
    const toggled = await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/1/',
      headers: auth(superuser),
      payload: { enabled: true },
    });
    expect(toggled.statusCode).toBe(200);
    const [entry] = await historyOf('feature-toggle', 1, superuser);
    expect(entry!.fields.map((item) => item.label)).toEqual(['Enabled', 'Feature code']);
    expect(entry!.changed).toEqual(['Enabled']);
    expect(texts(field(entry, 'Enabled'))).toEqual(['Yes']);
  });
});
