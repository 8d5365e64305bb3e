import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_TYPE, WORKFLOW_STATUS, type RoleKey } from '@rrp/domain';
import {
  files,
  institutions,
  projects,
  requestReviewers,
  requestStatusStays,
  requestSummaries,
  reviewConflicts,
  tissueReviews,
  userInstitutions,
} from '../../db/schema';
import { addRequestMembers, createInstitution, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { fetchFeed, parseFeed, turnOn, type FeedEvent } from './calendar.api-test-setup';

/**
 * What each user's feed holds (issue 33), on purpose-built data: a reviewer, a tissue reviewer, a
 * Research Match administrator, a signing official, a researcher and a team member each get their
 * own dates and nobody else's; a changed due date moves the event (same UID, new date).
 */
let t: TestContext;
const DAY = 86_400_000;
const inDays = (days: number, hour = 0) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(hour, 0, 0, 0);
  return at;
};
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
let host: string;
const uid = (kind: string, id: number) => `${kind}-${id}@${host}`;

interface Person {
  id: number;
  token: string;
}
const people: Record<string, Person> = {};
const ids: Record<string, number> = {};

async function person(key: string, roles: RoleKey[]) {
  const user = await t.createUser({ roles });
  people[key] = { id: user.id, token: await t.tokenFor(user.email) };
}

async function feedOf(key: string): Promise<FeedEvent[]> {
  return parseFeed(await fetchFeed(t, await turnOn(t, people[key]!.token)));
}

const db = () => t.database.db;

async function researchMatchApplication(projectId: number, statusId: number, dueDate: Date | null) {
  const request = await createRequest(db(), { projectId, typeId: REQUEST_TYPE.researchMatch, statusId });
  await db()
    .insert(requestSummaries)
    .values({ requestId: request.id, scientificTitle: `Sleep study ${request.id}`, dueDate, reviewCycle: 1 });
  return request.id;
}

beforeAll(async () => {
  t = await createTestContext();
  host = new URL(t.config.publicUrl).host;
  await person('reviewer', ['external_reviewer']);
  await person('otherReviewer', ['internal_reviewer']);
  await person('tissueReviewer', ['abn_reviewer']);
  await person('rmAdmin', ['rm_admin']);
  await person('official', ['sbso']);
  await person('researcher', ['primary_researcher']);
  await person('teammate', ['primary_researcher']);
  await person('outsider', ['primary_researcher']);

  const project = await createProject(db(), { ownerId: people.researcher!.id, title: 'Sleep and learning' });
  ids.project = project.id;
  const [irb] = await db()
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: 'test/calendar-irb',
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      projectId: project.id,
      additionalData: {
        designation: 1,
        approval_date: dayOf(inDays(-100)),
        renewal_date: dayOf(inDays(200)),
      },
    })
    .returning();
  await db().update(projects).set({ latestIrbId: irb!.id }).where(eq(projects.id, project.id));

  // Research Match: the reviewer's application, another reviewer's, one the reviewer declared a
  // conflict on, and one waiting for the review meeting.
  ids.reviewed = await researchMatchApplication(project.id, WORKFLOW_STATUS.underReview, inDays(10, 12));
  ids.othersReview = await researchMatchApplication(project.id, WORKFLOW_STATUS.underReview, inDays(12, 12));
  ids.conflicted = await researchMatchApplication(project.id, WORKFLOW_STATUS.underReview, inDays(10, 12));
  ids.meeting = await researchMatchApplication(project.id, WORKFLOW_STATUS.reviewMeeting, inDays(-5, 12));
  await db()
    .insert(requestReviewers)
    .values([
      { requestId: ids.reviewed, userId: people.reviewer!.id, reviewerRole: 1 },
      { requestId: ids.othersReview, userId: people.otherReviewer!.id, reviewerRole: 1 },
      { requestId: ids.conflicted, userId: people.reviewer!.id, reviewerRole: 2 },
      { requestId: ids.meeting, userId: people.reviewer!.id, reviewerRole: 1 },
    ]);
  await db().insert(reviewConflicts).values({
    requestId: ids.conflicted,
    userId: people.reviewer!.id,
    conflictExists: true,
    explanation: 'My former student.',
  });
  // The stay its history began; it moved to the meeting three days ago.
  await db()
    .update(requestStatusStays)
    .set({ enteredAt: inDays(-3, 9) })
    .where(eq(requestStatusStays.requestId, ids.meeting));

  // A tissue request under review with the tissue reviewer's review due.
  const tissue = await createRequest(db(), {
    projectId: project.id,
    typeId: REQUEST_TYPE.tissue,
    statusId: WORKFLOW_STATUS.underReview,
  });
  ids.tissue = tissue.id;
  await db()
    .insert(tissueReviews)
    .values({ requestId: tissue.id, reviewerId: people.tissueReviewer!.id, dueDate: inDays(20, 17) });

  // The researcher's fulfilled request expiring in 100 days; the teammate is on its access list.
  const access = await createRequest(db(), {
    projectId: project.id,
    statusId: WORKFLOW_STATUS.fulfilled,
    expirationDate: inDays(100, 15),
    displayName: 'SPARK phenotypes',
  });
  ids.access = access.id;
  await addRequestMembers(db(), access.id, [{ userId: people.teammate!.id }]);

  // An RDA waiting for the official's signature, and an executed one whose joinder the teammate owes.
  const signing = await createInstitution(db(), { name: 'Calendar Signing U' });
  const executed = await createInstitution(db(), { name: 'Calendar Executed U' });
  const rda = (institutionId: number, status: number) =>
    db()
      .insert(files)
      .values({
        name: 'rda.pdf',
        storageKey: `test/calendar-rda-${institutionId}`,
        type: 'rda',
        contentType: 'application/pdf',
        size: 10,
        institutionId,
        additionalData: { status },
      })
      .returning();
  const [waiting] = await rda(signing.id, 1);
  const [done] = await rda(executed.id, 3);
  ids.rda = waiting!.id;
  await db()
    .update(institutions)
    .set({ currentIoId: people.official!.id, currentRdaId: waiting!.id })
    .where(eq(institutions.id, signing.id));
  await db().update(institutions).set({ currentRdaId: done!.id }).where(eq(institutions.id, executed.id));
  const [affiliation] = await db()
    .insert(userInstitutions)
    .values({ userId: people.teammate!.id, institutionId: executed.id, primary: false })
    .returning();
  ids.affiliation = affiliation!.id;
});
afterAll(() => t.close());

const uids = (events: FeedEvent[]) => events.map((event) => event.uid).sort();
const find = (events: FeedEvent[], id: string) => events.find((event) => event.uid === id)!;

describe('a calendar feed holds exactly its owner’s dates', () => {
  it('a reviewer: their review due (not a conflicted one, not another reviewer’s) and their meeting', async () => {
    const events = await feedOf('reviewer');
    expect(uids(events)).toEqual(
      [uid('review-due', ids.reviewed!), uid('review-meeting', ids.meeting!)].sort(),
    );
    const due = find(events, uid('review-due', ids.reviewed!));
    expect(due).toMatchObject({
      start: inDays(10, 12).toISOString(),
      allDay: false,
      summary: `Review due: RM${String(ids.reviewed).padStart(4, '0')} (Sleep study ${ids.reviewed})`,
      url: `${t.config.publicUrl}/request/${ids.reviewed}`,
    });
    expect(find(events, uid('review-meeting', ids.meeting!))).toMatchObject({
      start: dayOf(inDays(-3)),
      allDay: true,
      url: `${t.config.publicUrl}/request/${ids.meeting}`,
    });
    expect(uids(await feedOf('otherReviewer'))).toEqual([uid('review-due', ids.othersReview!)]);
  });

  it('a Research Match administrator: the applications waiting for the meeting, linked to its page', async () => {
    const events = await feedOf('rmAdmin');
    expect(uids(events)).toEqual([uid('review-meeting', ids.meeting!)]);
    expect(events[0]!.url).toBe(`${t.config.publicUrl}/request/${ids.meeting}/review-meeting`);
  });

  it('a tissue reviewer: their review’s due date', async () => {
    const events = await feedOf('tissueReviewer');
    expect(uids(events)).toEqual([uid('tissue-review-due', ids.tissue!)]);
    expect(events[0]).toMatchObject({ start: inDays(20, 17).toISOString(), allDay: false });
  });

  it('a signing official: the RDA waiting for their signature', async () => {
    const events = await feedOf('official');
    expect(uids(events)).toEqual([uid('rda-signature', ids.rda!)]);
    expect(events[0]).toMatchObject({
      allDay: true,
      summary: 'RDA waiting for your signature: Calendar Signing U',
      url: `${t.config.publicUrl}/rda/${ids.rda}`,
    });
  });

  it('a researcher: their IRB renewal, their access expiry and when its renewal window opens', async () => {
    const events = await feedOf('researcher');
    expect(uids(events)).toEqual(
      [
        uid('irb-renewal', ids.project!),
        uid('access-expiry', ids.access!),
        uid('renewal-window', ids.access!),
      ].sort(),
    );
    expect(find(events, uid('irb-renewal', ids.project!))).toMatchObject({
      start: dayOf(inDays(200)),
      allDay: true,
    });
    expect(find(events, uid('access-expiry', ids.access!))).toMatchObject({
      start: dayOf(inDays(100)),
      allDay: true,
      summary: `Access expires: R${String(ids.access).padStart(5, '0')} (SPARK phenotypes)`,
    });
    const opens = inDays(100, 15);
    opens.setUTCMonth(opens.getUTCMonth() - 6);
    expect(find(events, uid('renewal-window', ids.access!)).start).toBe(dayOf(opens));
  });

  it('a team member: the expiry of the access they hold (no renewal: the owner files it) and their joinder', async () => {
    const events = await feedOf('teammate');
    expect(uids(events)).toEqual(
      [uid('access-expiry', ids.access!), uid('joinder', ids.affiliation!)].sort(),
    );
    expect(find(events, uid('joinder', ids.affiliation!))).toMatchObject({
      summary: 'RDA joinder waiting for your signature: Calendar Executed U',
      url: `${t.config.publicUrl}/joinder`,
    });
  });

  it('someone else: nothing of theirs', async () => {
    expect(await feedOf('outsider')).toEqual([]);
  });
});

describe('a changed due date', () => {
  it('moves the event: the same UID at the new date, and no second event', async () => {
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/request/${ids.reviewed}/summary/`,
      headers: auth(people.rmAdmin!.token),
      payload: { due_date: dayOf(inDays(30)) },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const saved = new Date(changed.json<{ due_date: string }>().due_date);
    const due = (await feedOf('reviewer')).filter((event) => event.uid.startsWith('review-due-'));
    expect(due).toEqual([
      expect.objectContaining({ uid: uid('review-due', ids.reviewed!), start: saved.toISOString() }),
    ]);
    expect(dayOf(saved)).toBe(dayOf(inDays(30)));
  });
});
