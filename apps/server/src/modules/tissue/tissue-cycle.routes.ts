import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeTissueReviewSchema,
  movedRequestsSchema,
  startTissueReviewSchema,
  tissueStartReviewSchema,
} from '@rrp/domain';
import type { TissueCycleService } from './tissue-cycle.service';

/** The tissue review cycle (staff §2.4 the tissue start-review screen, §4.3). */
export const tissueCycleRoutes: FastifyPluginAsyncZod<{ cycle: TissueCycleService }> = async (
  app,
  { cycle },
) => {
  const tags = ['tissue'];

  app.get(
    '/api/abn_tissue/start-review/',
    {
      config: { access: { action: 'review', subject: 'TissueReview' } },
      schema: {
        tags,
        description:
          'The new (Submitted) pilot tissue and tissue requests, oldest first (at most 200), with their assigned reviewers, and the draft of the e-mail to the reviewers.',
        response: { 200: tissueStartReviewSchema },
      },
    },
    () => cycle.startDraft(),
  );

  app.post(
    '/api/abn_tissue/start-review/',
    {
      config: { access: { action: 'review', subject: 'TissueReview' } },
      schema: {
        tags,
        description:
          'Begin Review: `requests` (new pilot tissue or tissue requests, each with assigned reviewers) go to Under Review with a review per reviewer due on `due_date`; `email` ({subject, body}) is sent to each reviewer with their requests. All or none.',
        body: startTissueReviewSchema,
        response: { 200: movedRequestsSchema },
      },
    },
    (request) => cycle.start(request.actor!, request.body),
  );

  app.post(
    '/api/abn_tissue/close-review/',
    {
      config: { access: { action: 'review', subject: 'TissueReview' } },
      schema: {
        tags,
        description:
          "Closes review: `requests` under review go to Make Decision (Review Meeting) — 'Appliation(s) Moved Successfully'. All or none.",
        body: closeTissueReviewSchema,
        response: { 200: movedRequestsSchema },
      },
    },
    (request) => cycle.close(request.actor!, request.body),
  );
};
