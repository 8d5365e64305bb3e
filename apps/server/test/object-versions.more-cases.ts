import {
  files,
  requestReviewers,
  requestSummaries,
  reviewConflicts,
  reviews,
  tissueReviews,
} from '../src/db/schema';
import { REQUEST_TYPE, todayIso, WORKFLOW_STATUS } from '@rrp/domain';
import { createProject, createRequest } from '../src/db/factories';
import { created, idOf, type VersionCase } from './object-versions.cases';

/** The versioned objects of files, tissue collections and reviews (the rest of `VERSION_CASES`). */
export const MORE_VERSION_CASES: VersionCase[] = [
  {
    name: 'file',
    routes: ['PATCH /api/file/:id/'],
    history: 'file',
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const project = await createProject(t.database.db, { ownerId: owner.id });
      const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
      const irb = (renewal: number) => ({
        designation: 1,
        approval_date: day(-30),
        renewal_date: day(renewal),
        assurance_number: 'FWA0001',
      });
      const [file] = await t.database.db
        .insert(files)
        .values({
          name: 'irb.pdf',
          storageKey: `test/${Math.random()}`,
          type: 'irb',
          contentType: 'application/pdf',
          size: 10,
          creatorId: owner.id,
          projectId: project.id,
          additionalData: irb(300),
        })
        .returning();
      const token = await t.tokenFor(owner.email);
      return {
        url: `/api/file/${file!.id}/`,
        id: file!.id,
        token,
        change: (n) => ({ additional_data: irb(300 + n) }),
      };
    },
  },
  {
    name: 'tissue collection',
    routes: ['PATCH /api/abn_cart/:id/', 'DELETE /api/abn_cart/:id/'],
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const project = await createProject(t.database.db, { ownerId: owner.id });
      await createRequest(t.database.db, { projectId: project.id, typeId: 6, statusId: 4 });
      const token = await t.tokenFor(owner.email);
      const make = () => created(t, token, '/api/abn_cart/', { collection_name: `Cases ${Math.random()}` });
      const url = await make();
      return {
        url,
        id: idOf(url),
        token,
        change: (n) => ({ collection_name: `Cortex ${n}` }),
        removable: make,
      };
    },
  },
  {
    name: 'review conflict',
    routes: ['DELETE /api/conflict/:id/'],
    history: 'review_conflict',
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const project = await createProject(t.database.db, { ownerId: owner.id });
      const request = await createRequest(t.database.db, {
        projectId: project.id,
        typeId: REQUEST_TYPE.researchMatch,
      });
      const token = await t.tokenForRole('rm_admin');
      const make = async () => {
        const reviewer = await t.createUser({ roles: ['internal_reviewer'] });
        const [row] = await t.database.db
          .insert(reviewConflicts)
          .values({
            requestId: request.id,
            userId: reviewer.id,
            conflictExists: true,
            explanation: 'Co-author',
          })
          .returning();
        return `/api/conflict/${row!.id}/`;
      };
      const url = await make();
      return { url, id: idOf(url), token, removable: make };
    },
  },
  {
    name: 'Research Match review',
    routes: ['PATCH /api/review/:id/'],
    history: 'review',
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const project = await createProject(t.database.db, { ownerId: owner.id });
      const request = await createRequest(t.database.db, {
        projectId: project.id,
        typeId: REQUEST_TYPE.researchMatch,
        statusId: WORKFLOW_STATUS.underReview,
      });
      await t.database.db.insert(requestSummaries).values({ requestId: request.id, reviewCycle: 1 });
      const reviewer = await t.createUser({ roles: ['internal_reviewer'] });
      await t.database.db
        .insert(requestReviewers)
        .values({ requestId: request.id, userId: reviewer.id, reviewerRole: 1 });
      await t.database.db
        .insert(reviewConflicts)
        .values({ requestId: request.id, userId: reviewer.id, conflictExists: false });
      const [review] = await t.database.db
        .insert(reviews)
        .values({ requestId: request.id, reviewerId: reviewer.id, reviewerRole: 1, quarter: '2026-Q4' })
        .returning();
      const token = await t.tokenFor(reviewer.email);
      const decisions = ['Approve', 'Defer'] as const;
      return {
        url: `/api/review/${review!.id}/`,
        id: review!.id,
        token,
        change: (n) => ({ reviewer_decision: decisions[n % 2] }),
      };
    },
  },
  {
    name: 'tissue review',
    routes: ['PATCH /api/tissue_review/:id/'],
    history: 'tissue_review',
    async setup(t) {
      const owner = await t.createUser({ roles: ['primary_researcher'] });
      const project = await createProject(t.database.db, { ownerId: owner.id });
      const request = await createRequest(t.database.db, {
        projectId: project.id,
        typeId: 7,
        statusId: WORKFLOW_STATUS.underReview,
      });
      const reviewer = await t.createUser({ roles: ['abn_reviewer'] });
      await t.database.db
        .insert(requestReviewers)
        .values({ requestId: request.id, userId: reviewer.id, reviewerRole: 1 });
      const [review] = await t.database.db
        .insert(tissueReviews)
        .values({ requestId: request.id, reviewerId: reviewer.id })
        .returning();
      const token = await t.tokenFor(reviewer.email);
      return {
        url: `/api/tissue_review/${review!.id}/`,
        id: review!.id,
        token,
        change: (n) => ({ novel_score: 5 + 5 * (n % 2) }),
      };
    },
  },
];
