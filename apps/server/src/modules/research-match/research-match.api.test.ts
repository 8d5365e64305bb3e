import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESEARCH_MATCH_MESSAGES, RESOURCE_MIX_MESSAGES } from '@rrp/domain';
import { files, history, requestReviewers, requestSummaries } from '../../db/schema';
import { createDataset, createProject, createRequest } from '../../db/factories';
import { auth, errorBody } from '../../../test/test-app';
import {
  t,
  admin,
  rmAdmin,
  researcher,
  other,
  reviewer,
  projectId,
  nonAutismProjectId,
  noIrbProjectId,
  db,
  day,
  application,
  documentsOf,
  post,
  requestCount,
  rmRequest,
  useResearchMatchContext,
} from './research-match.fixtures';

useResearchMatchContext();

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
