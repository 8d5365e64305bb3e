import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  TISSUE_REQUEST_TYPE,
  WORKFLOW_STATUS,
  type ReviewerSuggestions,
  type ReviewerWorkloadRow,
} from '@rrp/domain';
import { projects, requestReviewers, requests, tissueReviews, users } from '../../db/schema';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import { noonIn } from './reviewer-assistant.fixtures';
import { fixture, getJson, setUpAssistantApi, t } from './reviewer-assistant.api-test-setup';

/**
 * The reviewer pool's load and the workload pages are kept between calls (migration 0030): each
 * kind of write they are computed from must show in the very next answer.
 */
setUpAssistantApi();

const suggested = async () =>
  (await getJson<ReviewerSuggestions>(`/api/request/${fixture.target.id}/reviewer-suggestions/`)).results;
const workloadOf = async (name: string) =>
  (await getJson<{ results: ReviewerWorkloadRow[] }>(`/api/reviewer-workload/?search=${name}`)).results[0]!;
const loadIn = (rows: Awaited<ReturnType<typeof suggested>>, id: number) => {
  const row = rows.find((entry) => entry.user.id === id)!;
  return { open_reviews: row.open_reviews, overdue: row.overdue, due_soon: row.due_soon };
};

describe('the reviewer load kept between calls', () => {
  it('shows a new assignment, a submitted review, a request leaving review and a rename at once', async () => {
    const { people } = fixture;
    const db = t.database.db;
    const order = async () => (await suggested()).slice(0, 3).map((row) => row.user.id);
    expect(await order()).toEqual([people.light, people.mid, people.heavy]);
    expect((await workloadOf('Light')).open_reviews).toBe(0);

    // Lee is given an overdue review: one open, one overdue, now after Mia.
    const project = await createProject(db, { ownerId: people.applicant, title: 'Another study' });
    const request = await createRequest(db, {
      projectId: project.id,
      statusId: WORKFLOW_STATUS.underReview,
      typeId: TISSUE_REQUEST_TYPE.tissue,
    });
    await db.insert(requestReviewers).values({ requestId: request.id, userId: people.light });
    await db
      .insert(tissueReviews)
      .values({ requestId: request.id, reviewerId: people.light, dueDate: noonIn(-1) });
    const afterAssignment = await suggested();
    expect(loadIn(afterAssignment, people.light)).toEqual({ open_reviews: 1, overdue: 1, due_soon: 0 });
    expect(afterAssignment.slice(0, 3).map((row) => row.user.id)).toEqual([
      people.mid,
      people.light,
      people.heavy,
    ]);
    expect(await workloadOf('Light')).toMatchObject({ open_reviews: 1, overdue: 1 });

    // Lee submits it: nothing open again.
    await db
      .update(tissueReviews)
      .set({ submittedAt: new Date() })
      .where(and(eq(tissueReviews.requestId, request.id), eq(tissueReviews.reviewerId, people.light)));
    expect(loadIn(await suggested(), people.light)).toEqual({ open_reviews: 0, overdue: 0, due_soon: 0 });
    expect((await workloadOf('Light')).completed_last_year).toBe(1);

    // Mia's request leaves Under Review: her review is no longer open.
    const [mias] = await db
      .select({ requestId: tissueReviews.requestId })
      .from(tissueReviews)
      .where(eq(tissueReviews.reviewerId, people.mid));
    await db
      .update(requests)
      .set({ statusId: WORKFLOW_STATUS.approved })
      .where(eq(requests.id, mias!.requestId));
    expect(loadIn(await suggested(), people.mid)).toEqual({ open_reviews: 0, overdue: 0, due_soon: 0 });
    expect((await workloadOf('Mid')).due_soon).toBe(0);

    // Lee is renamed.
    await db.update(users).set({ firstName: 'Leigh' }).where(eq(users.id, people.light));
    const renamed = (await suggested()).find((row) => row.user.id === people.light)!;
    expect(renamed.user.display_name).toBe('Leigh Light');
    expect((await workloadOf('Leigh')).id).toBe(people.light);
  });

  it("shows a conflict as soon as a reviewer joins the applicant's team, and the project's new title", async () => {
    const { people, project } = fixture;
    const db = t.database.db;
    const mias = async () => (await suggested()).find((row) => row.user.id === people.mid)!;
    expect((await mias()).conflicts).toEqual([]);
    const [mia] = await db.select({ email: users.email }).from(users).where(eq(users.id, people.mid));
    await addTeamMember(db, { projectId: project.id, email: mia!.email, firstName: 'Mia', lastName: 'Mid' });
    expect((await mias()).conflicts).toContainEqual({
      kind: 'research_team',
      reason: expect.stringContaining('Brain bank study'),
    });
    await db.update(projects).set({ title: 'Renamed study' }).where(eq(projects.id, project.id));
    expect((await mias()).conflicts).toContainEqual({
      kind: 'research_team',
      reason: expect.stringContaining('Renamed study'),
    });
  });
});
