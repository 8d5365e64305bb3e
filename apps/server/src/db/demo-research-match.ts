import { eq, inArray } from 'drizzle-orm';
import {
  defaultReviewQuarter,
  quarterKey,
  RESEARCH_MATCH_CRITERIA,
  type ResearchMatchCriterion,
  WORKFLOW_STATUS,
} from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { cohorts, requestReviewers, requestSummaries, reviewConflicts, reviews, users } from './schema';
import { createProject, createRequest } from './factories';
import { unseededDemoApplicant } from './demo-applicant';
import { daysAgo, walkDemoRequest, type DemoPast } from './demo-history';
import type { AttachDemoIrb } from './demo-attachments';

const S = WORKFLOW_STATUS;

/** The demo applicant of the Research Match review cycle (decision 211). */
const DEMO_RM_APPLICANT_EMAIL = 'recontact.researcher@demo.test';
const DEMO_RM_PROJECT = 'Family routines and wellbeing in autism';

/** When the review of the application now at the review meeting began, in days ago. */
const MEETING_REVIEW_BEGAN_DAYS_AGO = 17.2;

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const noonIn = (offsetDays: number) => new Date(`${isoDay(offsetDays)}T12:00:00Z`);

interface DemoApplication {
  title: string;
  lay: string;
  aim: string;
  keywords: string[];
  category: string[];
  methods: { value: string; label: string }[];
  cohort: string[];
  region: { value: string; label: string };
  participants: number;
}

const APPLICATIONS: DemoApplication[] = [
  {
    title: 'Bedtime routines and sleep in autistic children',
    lay: 'How families build bedtime routines, and how children sleep',
    aim: 'Describe bedtime routines of families with autistic children and relate them to sleep quality.',
    keywords: ['Sleep', 'Behavior'],
    category: ['Behavior and development'],
    methods: [{ value: 'online_survey', label: 'Online Survey' }],
    cohort: ['SPARK'],
    region: { value: 'national', label: 'National' },
    participants: 400,
  },
  {
    title: 'Caregiver stress and access to services',
    lay: 'Stress of parents and the services they can reach',
    aim: 'Measure caregiver stress and relate it to the services families can access.',
    keywords: ['Intervention'],
    category: ['Intervention and services'],
    methods: [{ value: 'online_survey', label: 'Online Survey' }],
    cohort: ['SPARK', 'SSC'],
    region: { value: 'national', label: 'National' },
    participants: 600,
  },
  {
    title: 'A speech therapy app for minimally verbal children',
    lay: 'Testing a speech therapy app at home',
    aim: 'Test whether a home speech therapy app improves expressive language in minimally verbal children.',
    keywords: ['Language', 'Intervention'],
    category: ['Intervention and services'],
    methods: [{ value: 'clinical_trial', label: 'Clinical Trial' }],
    cohort: ['SPARK'],
    region: { value: 'local', label: 'Near a study site' },
    participants: 80,
  },
];

/** The application's answers (researcher §3 Research Match form), as the wizard stores them. */
function answers(app: DemoApplication) {
  return {
    has_rm_flow: true,
    rm_application: {
      lay_title: app.lay,
      lay_abstract: `${app.lay}. We ask families to take part once; it takes about 30 minutes.`,
      category: app.category,
      keywords: app.keywords,
      methods: app.methods.map((method) => method.value),
      research_aim: app.aim,
      hypotheses: 'Families with steadier routines report better outcomes.',
      cohort: app.cohort,
      age_range: [4, 17],
      region: app.region.value,
      num_participants: app.participants,
      justification: 'A power analysis for a medium effect.',
      incl_criteria: 'Families of autistic children aged 4 to 17.',
      excl_criteria: 'None.',
      time_length: '30 minutes',
      std_instruments: 'CSHQ',
      procedure: 'One online session.',
      risks: 'Minimal.',
      feedback: 'A summary of findings for every family.',
      design_engagement: 'Autistic adults and parents reviewed the study.',
      funding: 'Foundation grant.',
      irb_status: 1,
    },
  };
}

/** A complete review: every criterion scored (from `base`, varied), commented, recommended. */
function completeReview(base: number, decision: string) {
  const values: Record<string, unknown> = { reviewerDecision: decision, buildMerit: 'Yes' };
  RESEARCH_MATCH_CRITERIA.forEach((criterion: ResearchMatchCriterion, index) => {
    values[`${criterion}Score`] = Math.min(5, Math.max(1, base + ((index % 3) - 1)));
    values[`${criterion}Strengths`] = `Clear ${criterion} plan.`;
    values[`${criterion}Weaknesses`] = index % 2 === 0 ? `Some ${criterion} details are missing.` : '';
  });
  return values;
}

/**
 * The Research Match review cycle's demo (issue 17), once: an applicant with three applications —
 * one new (Submitted), one Under Review with a primary and a secondary reviewer and a partial
 * review, one at the Review Meeting with three complete reviews — so a new administrator or
 * reviewer sees the review centre, the scoring panel and the meeting page at work.
 */
export async function seedDemoResearchMatch(
  tx: DbOrTx,
  input: { institutionId: number; demoPassword: string; attachIrb: AttachDemoIrb },
): Promise<void> {
  const applicant = await unseededDemoApplicant(
    tx,
    {
      email: DEMO_RM_APPLICANT_EMAIL,
      password: input.demoPassword,
      firstName: 'Rosa',
      lastName: 'Recontact',
      institutionId: input.institutionId,
    },
    DEMO_RM_PROJECT,
  );
  if (!applicant) return;

  const reviewerOf = async (role: string) => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${role}@demo.test`));
    return row!.id;
  };
  const [internal, external, portal] = [
    await reviewerOf('internal_reviewer'),
    await reviewerOf('external_reviewer'),
    await reviewerOf('portal_reviewer'),
  ];

  const project = await createProject(tx, {
    ownerId: applicant.id,
    title: DEMO_RM_PROJECT,
    abstract:
      'We study how daily family routines relate to the wellbeing of autistic children and their parents, recruiting families from SPARK and SSC.',
  });
  await input.attachIrb(tx, {
    projectId: project.id,
    ownerId: applicant.id,
    title: project.title,
    irb: { designation: 1, approval_date: isoDay(-90), renewal_date: isoDay(275), assurance_number: null },
  });

  const quarter = quarterKey(defaultReviewQuarter());
  const statuses = [S.submitted, S.underReview, S.reviewMeeting];
  // Their pasts: a new one waiting since six months, one in review for three weeks, one reviewed
  // in two weeks and at the meeting since (days ago, decision 350).
  const pasts: DemoPast[] = [
    { createdDaysAgo: 184.5, steps: [[S.submitted, 180]] },
    {
      createdDaysAgo: 33.2,
      steps: [
        [S.submitted, 30],
        [S.underReview, 23.4],
      ],
    },
    {
      createdDaysAgo: 24.8,
      steps: [
        [S.submitted, 20],
        [S.underReview, MEETING_REVIEW_BEGAN_DAYS_AGO],
        [S.reviewMeeting, 5.3],
      ],
    },
  ];
  const ids: number[] = [];
  for (const [index, app] of APPLICATIONS.entries()) {
    const status = statuses[index]!;
    const cohortRows = await tx
      .select({ id: cohorts.id })
      .from(cohorts)
      .where(inArray(cohorts.name, app.cohort));
    const request = await createRequest(tx, {
      projectId: project.id,
      typeId: 4,
      cohortIds: cohortRows.map((row) => row.id),
      displayName: 'Research Match',
      additionalData: answers(app),
      agreedToUsagePolicy: true,
    });
    await walkDemoRequest(tx, request.id, pasts[index]!);
    ids.push(request.id);
    // Entering review began a cycle in the quarter of that day; the demo's cycle is this quarter's first.
    const summary = {
      requestId: request.id,
      scientificTitle: app.title,
      scientificAbstract: project.abstract,
      researchAim: app.aim,
      hypotheses: 'Families with steadier routines report better outcomes.',
      principalInvestigator: 'Rosa Recontact',
      email: applicant.email,
      institution: 'Demo University',
      studyType: app.methods.map((method) => method.label),
      category: app.category,
      keywords: app.keywords,
      cohort: app.cohort,
      region: app.region.label,
      irbStatus: 1,
      ...(status === 2
        ? {}
        : { reviewQuarter: quarter, reviewCycle: 1, dueDate: noonIn(status === 3 ? 21 : -7) }),
    };
    await tx
      .insert(requestSummaries)
      .values(summary)
      .onConflictDoUpdate({ target: requestSummaries.requestId, set: summary });
  }

  const [, underReview, meeting] = ids as [number, number, number];
  // Under Review: a primary and a secondary reviewer; the primary has answered No and started.
  await tx.insert(requestReviewers).values([
    { requestId: underReview, userId: internal, reviewerRole: 1, created: daysAgo(23.4) },
    { requestId: underReview, userId: external, reviewerRole: 2, created: daysAgo(23.4) },
  ]);
  await tx
    .insert(reviewConflicts)
    .values({ requestId: underReview, userId: internal, conflictExists: false });
  await tx.insert(reviews).values({
    requestId: underReview,
    reviewerId: internal,
    reviewerRole: 1,
    quarter,
    cycle: 1,
    created: daysAgo(16.5),
    modified: daysAgo(2.8),
    researchScore: 4,
    researchStrengths: 'An important question for families.',
    engagementScore: 3,
    feasibilityScore: 4,
  });

  // Review Meeting: three complete reviews, averaged on the meeting page.
  // Assigned as the review began; each submitted a few days to a week and a half later.
  const panel: [number, number, number, string, number][] = [
    [internal, 1, 4, 'Approve', 13.4],
    [external, 2, 3, 'Conditionally Approve', 7.6],
    [portal, 3, 4, 'Approve', 9.1],
  ];
  for (const [userId, role, base, decision, doneDaysAgo] of panel) {
    await tx.insert(requestReviewers).values({
      requestId: meeting,
      userId,
      reviewerRole: role,
      created: daysAgo(MEETING_REVIEW_BEGAN_DAYS_AGO),
    });
    await tx.insert(reviewConflicts).values({ requestId: meeting, userId, conflictExists: false });
    await tx.insert(reviews).values({
      requestId: meeting,
      reviewerId: userId,
      reviewerRole: role,
      quarter,
      cycle: 1,
      created: daysAgo(doneDaysAgo + 2),
      modified: daysAgo(doneDaysAgo),
      ...completeReview(base, decision),
    });
  }
}
