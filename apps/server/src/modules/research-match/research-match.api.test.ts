import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { RESEARCH_MATCH_MESSAGES, RESOURCE_MIX_MESSAGES, todayIso } from '@rrp/domain';
import { files, history, projects, requestReviewers, requests, requestSummaries } from '../../db/schema';
import { createDataset, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/**
 * Research Match part 1 (issue 17): applications (type 4) through POST request/, their documents,
 * the request summary with RM ids, and Research Match renewals (type 5).
 */

let t: TestContext;
let admin: { id: number; token: string };
let rmAdmin: string;
let researcher: { id: number; email: string; token: string };
let other: { id: number; email: string; token: string };
let reviewer: { id: number; token: string };
let projectId: number;
let nonAutismProjectId: number;
let noIrbProjectId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const db = () => t.database.db;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], firstName: string) {
  const user = await t.createUser({ roles, firstName, lastName: 'Tester' });
  return { ...user, token: await t.tokenFor(user.email) };
}

async function attachIrb(project: number, ownerId: number, designation: number) {
  const [file] = await db()
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: `test/${Math.random()}`,
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: ownerId,
      projectId: project,
      additionalData: { designation, approval_date: day(-100), renewal_date: day(300) },
    })
    .returning();
  await db().update(projects).set({ latestIrbId: file!.id }).where(eq(projects.id, project));
}

/** POST file/ (multipart) of a Research Match document; answers the file id. */
async function uploadDocument(token: string, fields: Record<string, string>): Promise<number> {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const parts = Object.entries({ type: 'rm_document', ...fields }).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** Every field of researcher §3's Research Match form, with documents. */
function application(documents: { proposal: number; irb: number; consent: number }) {
  return {
    lay_title: 'Talking with families about sleep',
    lay_abstract: 'We ask parents how their children sleep.',
    category: ['Medical and health'],
    keywords: ['Sleep', 'Behavior'],
    methods: ['online_survey'],
    research_aim: 'Describe sleep patterns.',
    hypotheses: 'Sleep relates to daytime behaviour.',
    cohort: ['SPARK'],
    age_range: [4, 12],
    region: 'national',
    num_participants: 300,
    justification: 'A power analysis.',
    incl_criteria: 'Children aged 4 to 12.',
    excl_criteria: 'None.',
    time_length: '30 minutes',
    std_instruments: 'CSHQ',
    build_preference: 'researcher',
    procedure: 'One online survey.',
    risks: 'Minimal.',
    feedback: 'A summary of findings.',
    design_engagement: 'Parents reviewed the survey.',
    funding: 'Foundation grant.',
    irb_status: 1,
    proposal_summary: documents.proposal,
    irb_protocol: documents.irb,
    consent_forms: documents.consent,
  };
}

async function documentsOf(token: string, project: number) {
  return {
    proposal: await uploadDocument(token, { project: String(project) }),
    irb: await uploadDocument(token, { project: String(project) }),
    consent: await uploadDocument(token, { project: String(project) }),
  };
}

const post = (body: object, token = researcher.token) =>
  t.app.inject({ method: 'POST', url: '/api/request/', headers: auth(token), payload: body });
const requestCount = async () => (await db().select({ n: count() }).from(requests))[0]!.n;

function rmRequest(answers: object, project = projectId) {
  return {
    project,
    type: 4,
    agreed_to_usage_policy: true,
    access_control_list: [{ user_id: researcher.id }],
    additional_data: { rm_application: answers },
    submit: true,
  };
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await person(['portal_admin'], 'Ann');
  rmAdmin = await t.tokenForRole('rm_admin');
  researcher = await person(['primary_researcher'], 'Rita');
  other = await person(['primary_researcher'], 'Otto');
  reviewer = await person(['internal_reviewer'], 'Rev');
  projectId = (await createProject(db(), { ownerId: researcher.id, title: 'Sleep in autism' })).id;
  await attachIrb(projectId, researcher.id, 1);
  nonAutismProjectId = (await createProject(db(), { ownerId: researcher.id, nonAutismResearch: true })).id;
  await attachIrb(nonAutismProjectId, researcher.id, 1);
  noIrbProjectId = (await createProject(db(), { ownerId: researcher.id })).id;
  await attachIrb(noIrbProjectId, researcher.id, 2);
});

afterAll(async () => {
  await t?.close();
});

describe('POST request/ type 4: a Research Match application', () => {
  it('files the application with its documents as Submitted and starts the staff summary', async () => {
    const documents = await documentsOf(researcher.token, projectId);
    const response = await post(rmRequest(application(documents)));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      type: 4,
      status: 2,
      display_name: 'Research Match',
      cohorts: [{ name: 'SPARK' }],
      latest_renewal: null,
      additional_data: {
        has_rm_flow: true,
        rm_application: { lay_title: 'Talking with families about sleep' },
      },
    });
    expect(body.portal_request_id).toMatch(/^RM\d{4}$/);
    // The documents now belong to the request: its readers read them.
    const linked = await db().select().from(files).where(eq(files.requestId, body.id));
    expect(linked.map((file) => file.id).sort()).toEqual(Object.values(documents).sort());
    const [summary] = await db()
      .select()
      .from(requestSummaries)
      .where(eq(requestSummaries.requestId, body.id));
    expect(summary).toMatchObject({
      scientificTitle: 'Sleep in autism',
      researchAim: 'Describe sleep patterns.',
      studyType: ['Online Survey'],
      keywords: ['Sleep', 'Behavior'],
      cohort: ['SPARK'],
      principalInvestigator: 'Rita Tester',
    });
  });

  it('refuses a bad application and stores nothing', async () => {
    const documents = await documentsOf(researcher.token, projectId);
    const before = await requestCount();
    const cases: [object, string, string][] = [
      [
        { ...rmRequest({}), additional_data: {} },
        'rm_application',
        RESEARCH_MATCH_MESSAGES.applicationRequired,
      ],
      [
        rmRequest({ ...application(documents), keywords: ['Sleep', 'Behavior', 'Genetics', 'Language'] }),
        'keywords',
        'Select at most 3.',
      ],
      [rmRequest({ ...application(documents), num_participants: -1 }), 'num_participants', ''],
      [
        rmRequest({ ...application(documents), cohort: ['SSC'] }, nonAutismProjectId),
        'cohort',
        RESEARCH_MATCH_MESSAGES.cohortNonAutism,
      ],
      [rmRequest(application(documents), noIrbProjectId), 'project', RESEARCH_MATCH_MESSAGES.irbRequired],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const errors = errorBody(response)[field] as string[];
      expect(errors, response.body).toBeDefined();
      if (message) expect(errors).toEqual([message]);
    }
    expect(await requestCount()).toBe(before);
  });

  it('refuses documents the filer did not upload, and datasets mixed in', async () => {
    const theirs = await documentsOf(other.token, (await createProject(db(), { ownerId: other.id })).id);
    const mine = await documentsOf(researcher.token, projectId);
    const response = await post(rmRequest(application({ ...mine, consent: theirs.consent })));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).consent_forms).toEqual([RESEARCH_MATCH_MESSAGES.documentsOwn]);
    const dataset = (await createDataset(db(), { name: 'Plain data', cohortId: 1 })).id;
    const mixed = await post({ ...rmRequest(application(mine)), datasets: [dataset] });
    expect(mixed.statusCode).toBe(400);
    expect(errorBody(mixed).non_field_errors).toEqual([RESOURCE_MIX_MESSAGES.dataset]);
  });

  it('needs the terms of the usage step only (no usage questions)', async () => {
    const documents = await documentsOf(researcher.token, projectId);
    const response = await post({ ...rmRequest(application(documents)), agreed_to_usage_policy: false });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorBody(response))).toContain('agreed_to_usage_policy');
  });

  it('refuses Research Match uploads for a project that is not the uploader’s', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/file/?type=rm_document',
      headers: auth(other.token),
    });
    expect(response.statusCode).toBe(200);
    // Another researcher sees none of these documents.
    expect(response.json().results.every((file: { creator: number }) => file.creator === other.id)).toBe(
      true,
    );
  });
});

describe('GET/PATCH request/{id}/summary', () => {
  let id: number;
  beforeAll(async () => {
    const documents = await documentsOf(researcher.token, projectId);
    id = (await post(rmRequest(application(documents)))).json().id;
  });
  const get = (token: string, requestId = id) =>
    t.app.inject({ method: 'GET', url: `/api/request/${requestId}/summary/`, headers: auth(token) });
  const patch = (body: object, token = admin.token) =>
    t.app.inject({ method: 'PATCH', url: `/api/request/${id}/summary`, headers: auth(token), payload: body });

  it('answers the summary to admins (with meeting notes) and to an assigned reviewer (without)', async () => {
    const response = await get(admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ request: id, meeting_notes: '', rm_ids: [], due_date: null });
    expect(response.json().permissions).toEqual(expect.arrayContaining(['read', 'update']));
    expect((await get(reviewer.token)).statusCode).toBe(404);
    await db().insert(requestReviewers).values({ requestId: id, userId: reviewer.id, reviewerRole: 1 });
    const assigned = await get(reviewer.token);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).not.toHaveProperty('meeting_notes');
    expect((await get(researcher.token)).statusCode).toBe(403);
  });

  it('saves the fields sent, with the due date at 12:00 and the RM ids cleaned, and records history', async () => {
    const response = await patch({
      scientific_title: 'Sleep and behaviour',
      research_aim: 'Aims, revised',
      meeting_notes: 'Discussed in committee.',
      due_date: day(10),
      keywords: ['Sleep'],
      rm_ids: 'rm0042, RM0042-B RM0042',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      scientific_title: 'Sleep and behaviour',
      meeting_notes: 'Discussed in committee.',
      keywords: ['Sleep'],
      rm_ids: ['RM0042', 'RM0042-B'],
      due_date: `${day(10)}T12:00:00.000Z`,
    });
    const rows = await db().select().from(history).where(eq(history.model, 'request_summary'));
    expect(rows.some((row) => row.objectId === String(id) && row.changedFields.includes('rmIds'))).toBe(true);
    const asRmAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/request/${id}/summary/`,
      headers: auth(rmAdmin),
      payload: { considerations: 'Recruit in two waves.' },
    });
    expect(asRmAdmin.statusCode, asRmAdmin.body).toBe(200);
  });

  it('refuses bad RM ids, a past due date and more than 3 keywords, changing nothing', async () => {
    const before = (await get(admin.token)).json();
    const cases: [object, string, string][] = [
      [
        { rm_ids: ['RM12', 'RM0042', 'X0001'] },
        'rm_ids',
        'RM12, X0001 do not follow valid format of RM plus 4 digits:',
      ],
      [{ rm_ids: ['RM0042', 'RM0043'] }, 'rm_ids', RESEARCH_MATCH_MESSAGES.rmIdBase],
      [{ due_date: day(-2), research_aim: 'changed' }, 'due_date', RESEARCH_MATCH_MESSAGES.dueDatePast],
      [{ keywords: ['a', 'b', 'c', 'd'] }, 'keywords', RESEARCH_MATCH_MESSAGES.tooManyKeywords],
      [{ irb_status: 3 }, 'irb_status', RESEARCH_MATCH_MESSAGES.irbStatus],
    ];
    for (const [body, field, message] of cases) {
      const response = await patch(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorBody(response)[field]).toEqual([message]);
    }
    expect((await get(admin.token)).json()).toEqual(before);
    expect((await patch({ unknown_field: 1 })).statusCode).toBe(400);
  });

  it('refuses edits by reviewers and answers 404 for requests that are not Research Match', async () => {
    expect((await patch({ research_aim: 'x' }, reviewer.token)).statusCode).toBe(403);
    const dataset = await createRequest(db(), { projectId, typeId: 1, statusId: 2 });
    expect((await get(admin.token, dataset.id)).statusCode).toBe(404);
    expect((await get(admin.token, 999_999)).statusCode).toBe(404);
  });

  it('lists the other requests using an RM base for the confirmation', async () => {
    const documents = await documentsOf(researcher.token, projectId);
    const second = (await post(rmRequest(application(documents)))).json().id as number;
    const lookup = (base: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/request/${second}/summary/rm-base/?base=${base}`,
        headers: auth(admin.token),
      });
    const response = await lookup('RM0042');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      base: 'RM0042',
      requests: [expect.objectContaining({ id, rm_ids: ['RM0042', 'RM0042-B'], researcher: 'Rita Tester' })],
    });
    expect((await lookup('RM1')).statusCode).toBe(400);
  });
});

describe('Research Match renewals (type 5)', () => {
  it('files a renewal of an approved application with documents: Submitted, shown as its latest renewal', async () => {
    const request = await createRequest(db(), {
      projectId,
      typeId: 4,
      statusId: 4,
      displayName: 'Research Match',
    });
    const upload = () => uploadDocument(researcher.token, { request: String(request.id) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/renewal/',
      headers: auth(researcher.token),
      payload: {
        type: 5,
        request: request.id,
        agreed_to_usage_policy: true,
        additional_data: {
          study_findings: 'Recruitment went well.',
          sci_justification: 'A second wave.',
          progress: 'Half enrolled.',
          sample_size: 200,
          all_consented: 120,
          all_participated: 100,
          cohort_consented: 80,
          cohort_participated: 70,
          additional_participants: 100,
          lay_summary: 'We talk to families.',
          recent_irb: await upload(),
          consent_form: await upload(),
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 5,
      status: 2,
      additional_data: { rm_application: { id: request.id } },
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/request/${request.id}/`,
      headers: auth(researcher.token),
    });
    expect(detail.json()).toMatchObject({
      status: 2,
      latest_renewal: { id: response.json().id, status: 2, status_name: 'Submitted' },
    });
    // Staff read its documents through the request.
    const linked = await db().select().from(files).where(eq(files.requestId, request.id));
    expect(linked).toHaveLength(2);
  });

  it('refuses a renewal of an application that is not approved', async () => {
    const request = await createRequest(db(), { projectId, typeId: 4, statusId: 2 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/renewal/',
      headers: auth(researcher.token),
      payload: { request: request.id, agreed_to_usage_policy: true, additional_data: {} },
    });
    expect(response.statusCode).toBe(400);
  });
});
