import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  REVIEWER_ASSISTANT_MESSAGES,
  TISSUE_REQUEST_TYPE,
  WORKFLOW_STATUS,
  type ReviewerSuggestions,
  type ReviewerWorkloadDetail,
  type ReviewerWorkloadRow,
} from '@rrp/domain';
import { history, requestReviewers, requests } from '../../db/schema';
import { createRequest } from '../../db/factories';
import { auth, errorBody } from '../../../test/test-app';
import { noonIn } from './reviewer-assistant.fixtures';
import { admin, fixture, get, getJson, put, setUpAssistantApi, t } from './reviewer-assistant.api-test-setup';

/** The reviewer assignment assistant (issue 33) on purpose-built data. */
setUpAssistantApi();

const suggestions = (limit?: number) =>
  getJson<ReviewerSuggestions>(
    `/api/request/${fixture.target.id}/reviewer-suggestions/${limit ? `?limit=${limit}` : ''}`,
  );

describe('GET request/{id}/reviewer-suggestions/', () => {
  it('ranks the ABN reviewers without a conflict by load, and leaves out the assigned, inactive and others', async () => {
    const { people } = fixture;
    const body = await suggestions();
    expect(body.request).toBe(fixture.target.id);
    expect(body.reviewer_groups).toEqual(['abn_reviewer']);
    const ids = body.results.map((row) => row.user.id);
    expect(ids.slice(0, 3)).toEqual([people.light, people.mid, people.heavy]);
    for (const absent of [
      people.assigned,
      people.inactive,
      people.portalReviewer,
      people.staff,
      people.applicant,
    ])
      expect(ids).not.toContain(absent);
    expect(ids).toHaveLength(7);
    const heavy = body.results[2]!;
    expect(heavy).toMatchObject({
      groups: ['abn_reviewer'],
      open_reviews: 2,
      due_soon: 0,
      overdue: 1,
      median_days_to_complete: 4,
      completed_last_year: 3,
      conflicts: [],
    });
    expect(heavy.user).toMatchObject({ display_name: 'Hal Heavy', institution: { name: 'Uni Neutral' } });
    expect(body.results[1]).toMatchObject({ open_reviews: 1, due_soon: 1, overdue: 0 });
    expect((await suggestions(2)).results.map((row) => row.user.id)).toEqual([people.light, people.mid]);
  });

  it('flags each kind of likely conflict in words, after the reviewers without one', async () => {
    const { people } = fixture;
    const byId = new Map((await suggestions()).results.map((row, index) => [row.user.id, { ...row, index }]));
    expect(byId.get(people.sameInstitution)!.conflicts).toEqual([
      { kind: 'institution', reason: "Works at Uni Applicant, the applicant's institution." },
    ]);
    expect(byId.get(people.memberInstitution)!.conflicts).toEqual([
      { kind: 'institution', reason: 'Works at Uni Member, the institution of team member Tina Member.' },
    ]);
    expect(byId.get(people.teammate)!.conflicts).toEqual([
      {
        kind: 'research_team',
        reason: "Was on the research team of project 'Shared study' with the applicant.",
      },
    ]);
    const declared = byId.get(people.declared)!.conflicts;
    expect(declared).toHaveLength(1);
    expect(declared[0]!.kind).toBe('declared');
    expect(declared[0]!.reason).toMatch(/^Declared a conflict with this applicant on request R\d{5}\.$/);
    for (const id of [people.sameInstitution, people.memberInstitution, people.teammate, people.declared])
      expect(byId.get(id)!.index).toBeGreaterThan(byId.get(people.heavy)!.index);
  });

  it('is for those who assign reviewers, reads only requests that exist and checks the limit', async () => {
    const url = `/api/request/${fixture.target.id}/reviewer-suggestions/`;
    expect((await get(url, await t.tokenForRole('abn_proj_mgr'))).statusCode).toBe(200);
    expect((await get(url, await t.tokenForRole('portal_reviewer'))).statusCode).toBe(403);
    expect((await get(url, await t.tokenForRole('internal_read_only'))).statusCode).toBe(403);
    expect((await get('/api/request/999999/reviewer-suggestions/')).statusCode).toBe(404);
    const tooMany = await get(`${url}?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(errorBody(tooMany)).toMatchObject({ limit: [REVIEWER_ASSISTANT_MESSAGES.limit] });
  });
});

describe('assigning flagged reviewers', () => {
  const latestNote = async () => {
    const [row] = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'request'), eq(history.objectId, String(fixture.target.id))))
      .orderBy(desc(history.version))
      .limit(1);
    return row!;
  };
  const assignedNow = async () =>
    (
      await t.database.db
        .select()
        .from(requestReviewers)
        .where(eq(requestReviewers.requestId, fixture.target.id))
    )
      .map((row) => row.userId)
      .sort((a, b) => a - b);

  it('records the flags and the reason given, or that none was given, in the request history', async () => {
    const { people } = fixture;
    const url = `/api/request/${fixture.target.id}/review_users/`;
    const withReason = await put(url, {
      users: [people.assigned, people.sameInstitution, people.light],
      conflict_reasons: [{ user: people.sameInstitution, reason: 'The only expert on this tissue.' }],
    });
    expect(withReason.statusCode, withReason.body).toBe(200);
    const first = await latestNote();
    // The note is kept with the version but is no change of the request.
    expect(first.changedFields).toEqual(['review_users']);
    expect(first.data.reviewer_conflicts).toEqual([
      {
        user: people.sameInstitution,
        display_name: 'Ines Institution',
        conflicts: [{ kind: 'institution', reason: "Works at Uni Applicant, the applicant's institution." }],
        reason: 'The only expert on this tissue.',
      },
    ]);

    const without = await put(url, {
      users: [people.assigned, people.sameInstitution, people.light, people.memberInstitution],
    });
    expect(without.statusCode, without.body).toBe(200);
    expect((await latestNote()).data.reviewer_conflicts).toEqual([
      expect.objectContaining({ user: people.memberInstitution, reason: null }),
    ]);

    const shown = await get(`/api/history/?model=request&pk=${fixture.target.id}`);
    const entry = shown.json().results[0];
    const note = entry.fields.find((field: { key: string }) => field.key === 'note:reviewer_conflicts');
    expect(note.value[0].text).toBe(
      'Mo Member: Works at Uni Member, the institution of team member Tina Member. No reason was given.',
    );
    // A note of the version, not a change of the request.
    expect(entry.changed).toEqual(['Reviewers']);
  });

  it('refuses a reason for a reviewer who is not being newly assigned, and changes nothing', async () => {
    const { people } = fixture;
    const before = await assignedNow();
    const version = (await latestNote()).version;
    const response = await put(`/api/request/${fixture.target.id}/review_users/`, {
      users: [...before, people.teammate],
      conflict_reasons: [{ user: people.light, reason: 'Already on it.' }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      conflict_reasons: [REVIEWER_ASSISTANT_MESSAGES.reasonNotNew('Lee Light')],
    });
    expect(await assignedNow()).toEqual(before);
    expect((await latestNote()).version).toBe(version);
  });

  it('refuses a blank reason', async () => {
    const response = await put(`/api/request/${fixture.target.id}/review_users/`, {
      users: await assignedNow(),
      conflict_reasons: [{ user: fixture.people.teammate, reason: '  ' }],
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(response))).toContain(REVIEWER_ASSISTANT_MESSAGES.reasonBlank);
  });
});

describe('Begin Review with conflict reasons', () => {
  it('notes the reasons for flagged reviewers in the history, and refuses one for a reviewer not assigned', async () => {
    const { people } = fixture;
    const request = await createRequest(t.database.db, {
      projectId: fixture.project.id,
      statusId: WORKFLOW_STATUS.submitted,
      typeId: TISSUE_REQUEST_TYPE.tissue,
    });
    await t.database.db.insert(requestReviewers).values({ requestId: request.id, userId: people.teammate });
    const start = (reasons: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/abn_tissue/start-review/',
        headers: auth(admin),
        payload: {
          requests: [request.id],
          due_date: noonIn(10).toISOString().slice(0, 10),
          conflict_reasons: reasons,
        },
      });
    const stray = await start([{ user: people.mid, reason: 'Not assigned.' }]);
    expect(stray.statusCode).toBe(400);
    expect(errorBody(stray)).toMatchObject({
      conflict_reasons: [REVIEWER_ASSISTANT_MESSAGES.reasonNotNew('Mia Mid')],
    });
    const [unchanged] = await t.database.db.select().from(requests).where(eq(requests.id, request.id));
    expect(unchanged!.statusId).toBe(WORKFLOW_STATUS.submitted);

    const started = await start([
      { user: people.teammate, request: request.id, reason: 'Left that team in 2019.' },
    ]);
    expect(started.statusCode, started.body).toBe(200);
    const [note] = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'request'), eq(history.objectId, String(request.id))))
      .orderBy(desc(history.version))
      .limit(1);
    expect(note!.data.reviewer_conflicts).toEqual([
      {
        user: people.teammate,
        display_name: 'Tom Team',
        conflicts: [
          {
            kind: 'research_team',
            reason: "Was on the research team of project 'Shared study' with the applicant.",
          },
        ],
        reason: 'Left that team in 2019.',
      },
    ]);
  });
});

describe('GET reviewer-workload/', () => {
  it('answers the hand-computed load of each reviewer', async () => {
    const { people } = fixture;
    const response = await get('/api/reviewer-workload/?limit=100&ordering=-overdue,display_name');
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ count: number; results: ReviewerWorkloadRow[] }>().results;
    const row = (id: number) => rows.find((entry) => entry.id === id);
    expect(rows[0]!.id).toBe(people.heavy);
    expect(row(people.heavy)).toMatchObject({
      display_name: 'Hal Heavy',
      groups: ['abn_reviewer'],
      open_reviews: 2,
      due_soon: 0,
      overdue: 1,
      median_days_to_complete: 4,
      completed_last_year: 3,
    });
    expect(row(people.mid)).toMatchObject({
      open_reviews: 1,
      due_soon: 1,
      overdue: 0,
      median_days_to_complete: null,
    });
    expect(row(people.researchMatch)).toMatchObject({
      open_reviews: 1,
      due_soon: 1,
      overdue: 0,
      median_days_to_complete: 5,
      completed_last_year: 1,
    });
    expect(row(people.light)).toMatchObject({ open_reviews: 0, completed_last_year: 0 });
    expect(row(people.inactive)).toBeUndefined();
    expect(row(people.staff)).toBeUndefined();
  });

  it('filters by group, searches by name or e-mail and refuses unknown groups and orderings', async () => {
    const byGroup = await get('/api/reviewer-workload/?group=internal_reviewer');
    expect(byGroup.json().results.map((row: ReviewerWorkloadRow) => row.id)).toEqual([
      fixture.people.researchMatch,
    ]);
    const found = await get('/api/reviewer-workload/?search=heav');
    expect(found.json()).toMatchObject({ count: 1, results: [{ id: fixture.people.heavy }] });
    expect((await get('/api/reviewer-workload/?group=primary_researcher')).statusCode).toBe(400);
    expect((await get('/api/reviewer-workload/?ordering=email')).statusCode).toBe(400);
  });

  it("lists a reviewer's open reviews with their state; 404 for anyone else", async () => {
    const response = await get(`/api/reviewer-workload/${fixture.people.heavy}/`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReviewerWorkloadDetail>();
    expect(body.reviews.map((review) => [review.state, review.due_date, review.role])).toEqual([
      ['overdue', noonIn(-2).toISOString(), 'Reviewer'],
      ['open', noonIn(30).toISOString(), 'Reviewer'],
    ]);
    const rm = (
      await get(`/api/reviewer-workload/${fixture.people.researchMatch}/`)
    ).json<ReviewerWorkloadDetail>();
    expect(rm.reviews).toEqual([
      {
        request: { id: fixture.openRm.id, display_name: expect.any(String), type: 4 },
        role: 'Primary Reviewer',
        due_date: noonIn(1).toISOString(),
        state: 'due_soon',
      },
    ]);
    expect((await get(`/api/reviewer-workload/${fixture.people.staff}/`)).statusCode).toBe(404);
    expect((await get(`/api/reviewer-workload/${fixture.people.inactive}/`)).statusCode).toBe(404);
  });

  it('is for the staff who assign reviewers', async () => {
    expect((await get('/api/reviewer-workload/', await t.tokenForRole('rm_admin'))).statusCode).toBe(200);
    expect((await get('/api/reviewer-workload/', await t.tokenForRole('superuser'))).statusCode).toBe(200);
    expect((await get('/api/reviewer-workload/', await t.tokenForRole('abn_reviewer'))).statusCode).toBe(403);
    expect(
      (await get('/api/reviewer-workload/', await t.tokenForRole('internal_read_only'))).statusCode,
    ).toBe(403);
  });
});
