import {
  closeTissueReviewSchema,
  movedRequestsSchema,
  REVIEW_CYCLES,
  startTissueReviewSchema,
  tissueStartReviewSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import type { TissueCycleService } from './tissue-cycle.service';

const { action, subject } = REVIEW_CYCLES.tissue.permission;

/** The tissue review cycle (staff §2.4 the tissue start-review screen, §4.3). */
export const tissueCycleRoutes = routes<{ cycle: TissueCycleService }>(['tissue'], ({ cycle }) => [
  route({
    method: 'GET',
    url: '/api/abn_tissue/start-review/',
    description:
      'The new (Submitted) pilot tissue and tissue requests, oldest first (at most 200), with their assigned reviewers, and the draft of the e-mail to the reviewers.',
    access: allow(action, subject),
    response: tissueStartReviewSchema,
    handle: () => cycle.startDraft(),
  }),
  route({
    method: 'POST',
    url: '/api/abn_tissue/start-review/',
    description:
      'Begin Review: `requests` (new pilot tissue or tissue requests, each with assigned reviewers) go to Under Review with a review per reviewer due on `due_date`; `email` ({subject, body}) is sent to each reviewer with their requests. All or none.',
    access: allow(action, subject),
    body: startTissueReviewSchema,
    response: movedRequestsSchema,
    handle: ({ actor, body }) => cycle.start(actor, body),
  }),
  route({
    method: 'POST',
    url: '/api/abn_tissue/close-review/',
    description:
      "Closes review: `requests` under review go to Make Decision (Review Meeting) — 'Appliation(s) Moved Successfully'. All or none.",
    access: allow(action, subject),
    body: closeTissueReviewSchema,
    response: movedRequestsSchema,
    handle: ({ actor, body }) => cycle.close(actor, body),
  }),
]);
