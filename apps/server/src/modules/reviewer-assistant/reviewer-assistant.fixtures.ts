import { eq } from 'drizzle-orm';
import { RESEARCH_MATCH_CRITERIA, TISSUE_REQUEST_TYPE, WORKFLOW_STATUS, type RoleKey } from '@rrp/domain';
import {
  requestReviewers,
  requestSummaries,
  reviewConflicts,
  reviews,
  tissueReviews,
  users,
} from '../../db/schema';
import { addTeamMember, createInstitution, createProject, createRequest } from '../../db/factories';
import type { TestContext } from '../../../test/test-app';

const DAY = 86_400_000;
/** Noon (UTC) `days` from today, as due dates are stored. */
export const noonIn = (days: number) => {
  const today = new Date().toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY);
};
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/**
 * Purpose-built data for the assistant's API tests (issue 33): an applicant at Uni Applicant with
 * a team member at Uni Member, a tissue request to assign, and ABN reviewers each made to show one
 * thing — a load (light, mid, heavy), one kind of conflict, already assigned, inactive.
 */
export async function assistantFixture(t: TestContext) {
  const db = t.database.db;
  const [applicantUni, memberUni, neutralUni] = await Promise.all(
    ['Uni Applicant', 'Uni Member', 'Uni Neutral'].map((name) => createInstitution(db, { name })),
  );
  const person = async (
    roles: RoleKey[],
    first: string,
    last: string,
    institutionId: number,
    active = true,
  ) =>
    (
      await t.createUser({
        roles,
        firstName: first,
        lastName: last,
        institutionId,
        isActive: active,
      })
    ).id;
  const applicant = await person(['primary_researcher'], 'Ann', 'Applicant', applicantUni!.id);
  const other = await person(['primary_researcher'], 'Oscar', 'Other', neutralUni!.id);
  const reviewer = (first: string, last: string, uni = neutralUni!.id, active = true) =>
    person(['abn_reviewer'], first, last, uni, active);
  const people = {
    applicant,
    light: await reviewer('Lee', 'Light'),
    mid: await reviewer('Mia', 'Mid'),
    heavy: await reviewer('Hal', 'Heavy'),
    sameInstitution: await reviewer('Ines', 'Institution', applicantUni!.id),
    memberInstitution: await reviewer('Mo', 'Member', memberUni!.id),
    teammate: await reviewer('Tom', 'Team'),
    declared: await reviewer('Dee', 'Declared'),
    assigned: await reviewer('Asa', 'Assigned'),
    inactive: await reviewer('Ivy', 'Inactive', neutralUni!.id, false),
    portalReviewer: await person(['portal_reviewer'], 'Pat', 'Portal', neutralUni!.id),
    staff: await person(['portal_admin'], 'Sid', 'Staff', neutralUni!.id),
    researchMatch: await person(['internal_reviewer'], 'Rita', 'Match', neutralUni!.id),
  };
  const emailOf = async (id: number) =>
    (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

  const project = await createProject(db, { ownerId: applicant, title: 'Brain bank study' });
  await addTeamMember(db, {
    projectId: project.id,
    email: 'tina.member@example.test',
    firstName: 'Tina',
    lastName: 'Member',
    institutionId: memberUni!.id,
  });
  const shared = await createProject(db, { ownerId: applicant, title: 'Shared study' });
  await addTeamMember(db, {
    projectId: shared.id,
    email: await emailOf(people.teammate),
    firstName: 'Tom',
    lastName: 'Team',
  });
  const tissue = (projectId: number, statusId: number) =>
    createRequest(db, { projectId, statusId, typeId: TISSUE_REQUEST_TYPE.tissue });
  const target = await tissue(project.id, WORKFLOW_STATUS.submitted);
  await db.insert(requestReviewers).values({ requestId: target.id, userId: people.assigned });
  const earlier = await tissue(shared.id, WORKFLOW_STATUS.rejected);
  await db
    .insert(reviewConflicts)
    .values({ requestId: earlier.id, userId: people.declared, conflictExists: true, explanation: 'Mentor' });

  // The load: reviews of someone else's tissue requests under review.
  const otherProject = await createProject(db, { ownerId: other, title: 'Other study' });
  const [first, second] = [
    await tissue(otherProject.id, WORKFLOW_STATUS.underReview),
    await tissue(otherProject.id, WORKFLOW_STATUS.underReview),
  ];
  const openReview = async (requestId: number, reviewerId: number, dueDate: Date) => {
    await db.insert(requestReviewers).values({ requestId, userId: reviewerId });
    await db.insert(tissueReviews).values({ requestId, reviewerId, dueDate });
  };
  await openReview(first!.id, people.mid, noonIn(3));
  await openReview(first!.id, people.heavy, noonIn(-2));
  await openReview(second!.id, people.heavy, noonIn(30));
  // Hal's completed reviews: 2, 4 and 9 days in the last year (median 4); one of 100 days long ago.
  for (const [created, days] of [
    [20, 2],
    [40, 4],
    [60, 9],
    [500, 100],
  ] as const) {
    const done = await tissue(otherProject.id, WORKFLOW_STATUS.approved);
    await db.insert(tissueReviews).values({
      requestId: done.id,
      reviewerId: people.heavy,
      created: daysAgo(created),
      submittedAt: daysAgo(created - days),
    });
  }

  // Rita: one open Research Match review due tomorrow, one completed in 5 days.
  const rm = (statusId: number) => createRequest(db, { projectId: otherProject.id, statusId, typeId: 4 });
  const open = await rm(WORKFLOW_STATUS.underReview);
  await db
    .insert(requestReviewers)
    .values({ requestId: open.id, userId: people.researchMatch, reviewerRole: 1 });
  await db.insert(requestSummaries).values({ requestId: open.id, dueDate: noonIn(1), reviewCycle: 1 });
  const scored = await rm(WORKFLOW_STATUS.reviewMeeting);
  await db
    .insert(requestReviewers)
    .values({ requestId: scored.id, userId: people.researchMatch, reviewerRole: 2, created: daysAgo(15) });
  await db.insert(reviews).values({
    requestId: scored.id,
    reviewerId: people.researchMatch,
    reviewerRole: 2,
    quarter: '2026-Q3',
    cycle: 1,
    ...Object.fromEntries(RESEARCH_MATCH_CRITERIA.map((name) => [`${name}Score`, 4])),
    reviewerDecision: 'Approve',
    modified: daysAgo(10),
  });
  return { people, project, target, openRm: open };
}
