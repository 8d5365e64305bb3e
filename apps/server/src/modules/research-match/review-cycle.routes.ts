import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  moveToMeetingInputSchema,
  moveToMeetingResultSchema,
  reportDispatchSchema,
  reviewCentreSchema,
  reviewMeetingSchema,
  startReviewInputSchema,
  startReviewResultSchema,
  startReviewSchema,
} from '@rrp/domain';
import type { ReviewCycleService } from './review-cycle.service';

/**
 * The Research Match review cycle (staff §2.3–§2.5, §4.3, §7): the review centre's tabs, Start
 * Review, the move to the review meeting, the meeting page and the report.
 */
export const reviewCycleRoutes: FastifyPluginAsyncZod<{ cycle: ReviewCycleService }> = async (
  app,
  { cycle },
) => {
  const tags = ['research-match'];

  app.get(
    '/api/research-match/review-centre/',
    {
      config: { access: { action: 'list', subject: 'ReviewCycle' } },
      schema: {
        tags,
        description:
          "The review centre's tabs with their counts: every application for staff who read all, the caller's assignments for reviewers. The rows come from GET request/?type=4&status__in=….",
        response: { 200: reviewCentreSchema },
      },
    },
    (request) => cycle.centre(request.actor!),
  );

  app.get(
    '/api/research-match/start-review/',
    {
      config: { access: { action: 'review', subject: 'ReviewCycle' } },
      schema: {
        tags,
        description:
          'The new applications and renewals (Submitted) and the draft of the e-mail to the committee.',
        response: { 200: startReviewSchema },
      },
    },
    () => cycle.startReviewDraft(),
  );

  app.post(
    '/api/research-match/start-review/',
    {
      config: { access: { action: 'review', subject: 'ReviewCycle' } },
      schema: {
        tags,
        description:
          "Each application goes to Under Review, then its summary's due date is set to the day at 12:00, then the e-mail is sent ('[due date]' in the body becomes the day). All or nothing.",
        body: startReviewInputSchema,
        response: { 200: startReviewResultSchema },
      },
    },
    (request) => cycle.startReview(request.actor!, request.body),
  );

  app.post(
    '/api/research-match/review-meeting/',
    {
      config: { access: { action: 'review', subject: 'ReviewCycle' } },
      schema: {
        tags,
        description: 'Moves the selected applications, each Under Review, to Review Meeting. All or nothing.',
        body: moveToMeetingInputSchema,
        response: { 200: moveToMeetingResultSchema },
      },
    },
    (request) => cycle.moveToMeeting(request.actor!, request.body.requests),
  );

  app.get(
    '/api/request/:id/review-meeting/',
    {
      config: { access: { action: 'read', subject: 'ReviewMeeting' } },
      schema: { tags, params: idParamSchema, response: { 200: reviewMeetingSchema } },
    },
    (request) => cycle.meeting(request.actor!, request.params.id),
  );

  app.get(
    '/api/rm_report_dispatch/',
    {
      config: { access: { action: 'create', subject: 'ResearchMatchReport' } },
      schema: {
        tags,
        description:
          'E-mails the caller the Research Match report: a CSV of every application with its scores.',
        response: { 200: reportDispatchSchema },
      },
    },
    (request) => cycle.dispatchReport(request.actor!),
  );
};
