import {
  idParamSchema,
  moveToMeetingInputSchema,
  moveToMeetingResultSchema,
  reportDispatchSchema,
  REVIEW_CYCLES,
  reviewCentreSchema,
  reviewMeetingSchema,
  startReviewInputSchema,
  startReviewResultSchema,
  startReviewSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import type { ReviewCycleService } from './review-cycle.service';

const { action, subject } = REVIEW_CYCLES.researchMatch.permission;

/**
 * The Research Match review cycle (staff §2.3–§2.5, §4.3, §7): the review centre's tabs, Start
 * Review, the move to the review meeting, the meeting page and the report.
 */
export const reviewCycleRoutes = routes<{ cycle: ReviewCycleService }>(['research-match'], ({ cycle }) => [
  route({
    method: 'GET',
    url: '/api/research-match/review-centre/',
    description:
      "The review centre's tabs with their counts: every application for staff who read all, the caller's assignments for reviewers. The rows come from GET request/?type=4&status__in=….",
    access: allow('list', 'ReviewCycle'),
    response: reviewCentreSchema,
    handle: ({ actor }) => cycle.centre(actor),
  }),
  route({
    method: 'GET',
    url: '/api/research-match/start-review/',
    description:
      'The new applications and renewals (Submitted) and the draft of the e-mail to the committee.',
    access: allow(action, subject),
    response: startReviewSchema,
    handle: () => cycle.startReviewDraft(),
  }),
  route({
    method: 'POST',
    url: '/api/research-match/start-review/',
    description:
      "Each application goes to Under Review, then its summary's due date is set to the day at 12:00, then the e-mail is sent ('[due date]' in the body becomes the day). All or nothing.",
    access: allow(action, subject),
    body: startReviewInputSchema,
    response: startReviewResultSchema,
    handle: ({ actor, body }) => cycle.startReview(actor, body),
  }),
  route({
    method: 'POST',
    url: '/api/research-match/review-meeting/',
    description: 'Moves the selected applications, each Under Review, to Review Meeting. All or nothing.',
    access: allow(action, subject),
    body: moveToMeetingInputSchema,
    response: moveToMeetingResultSchema,
    handle: ({ actor, body }) => cycle.moveToMeeting(actor, body.requests),
  }),
  route({
    method: 'GET',
    url: '/api/request/:id/review-meeting/',
    access: allow('read', 'ReviewMeeting'),
    params: idParamSchema,
    response: reviewMeetingSchema,
    handle: ({ actor, params }) => cycle.meeting(actor, params.id),
  }),
  route({
    method: 'GET',
    url: '/api/rm_report_dispatch/',
    description: 'E-mails the caller the Research Match report: a CSV of every application with its scores.',
    access: allow('create', 'ResearchMatchReport'),
    response: reportDispatchSchema,
    handle: ({ actor }) => cycle.dispatchReport(actor),
  }),
]);
