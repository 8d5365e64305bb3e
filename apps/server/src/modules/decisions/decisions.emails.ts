import { LIMITS, REQUEST_STATUSES, WORKFLOW_STATUS, type RequestStatusId } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { ValidationError } from '../../platform/http/errors';
import type { EmailDraft, EmailTemplate } from '../email/email.service';
import * as decisionsRepo from './decisions.repo';

/** What the e-mail text names: the product, its address and its support contact. */
export interface EmailContext {
  publicUrl: string;
  productName: string;
  supportEmail: string;
}

/** E-mails about decisions are logged as about the request (staff §7 "Email info"). */
const DECISION_EMAIL_MODEL = 'request';

const S = WORKFLOW_STATUS;
const DAY_MS = 86_400_000;
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The template key of a decision's e-mail, e.g. `decision-approved` (the e-mail log's template). */
export function decisionTemplateKey(status: number): string {
  const name = REQUEST_STATUSES[status as RequestStatusId] ?? `status-${status}`;
  return `decision-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

type Facts = NonNullable<Awaited<ReturnType<typeof decisionsRepo.emailFacts>>>;

/** The paragraphs that say what the decision means for the researcher, per status. */
function decisionParagraphs(status: number, facts: Facts, ctx: EmailContext, now: Date): string[] {
  const what = `your request ${facts.portalRequestId} (${facts.displayName || 'resource request'}) for the project "${facts.projectTitle}"`;
  const link = `You can see the request at ${ctx.publicUrl}/request/${facts.id}.`;
  switch (status) {
    case S.submitted:
      return [
        `We have received ${what}.`,
        'We will review the resource request and get back to you with a decision soon.',
        link,
      ];
    case S.underReview:
      return [`We are writing to let you know that ${what} is now under review.`, link];
    case S.approved:
      return [`We are pleased to let you know that ${what} has been approved.`, link];
    case S.approvedPendingTeam:
      return [
        `We are pleased to let you know that ${what} has been approved.`,
        'Access starts once every principal investigator and co-investigator on the research team has completed registration: a valid IRB on the project, a fully executed agreement with their institution and a signed joinder.',
        link,
      ];
    case S.rejected:
      return [`We regret to let you know that ${what} has not been approved.`, link];
    case S.revisionsRequested:
      return [
        `Before ${what} can be reviewed further, it needs revisions.`,
        'Please sign in, open the request and choose Edit Request to make the changes and resubmit it.',
        link,
      ];
    case S.fulfilled:
      return [
        `We are writing to let you know that ${what} has been fulfilled.`,
        `Access is granted until ${longDate.format(new Date(now.getTime() + LIMITS.requestExpiryDays * DAY_MS))}.`,
        link,
      ];
    case S.reviewMeeting:
      return [
        `We are writing to let you know that ${what} will be discussed at the next review meeting.`,
        link,
      ];
    case S.deferred:
      return [
        `We are writing to let you know that the decision on ${what} has been deferred.`,
        'You may update the request and resubmit it.',
        link,
      ];
    case S.conditionallyApproved:
      return [
        `We are pleased to let you know that ${what} has been conditionally approved.`,
        'The conditions are set out below.',
        link,
      ];
    case S.withdrawn:
      return [`We are writing to confirm that ${what} has been withdrawn.`, link];
    case S.archived:
      return [`We are writing to let you know that ${what} has been archived.`, link];
    case S.suspended:
      return [
        `Access to ${what} has been suspended.`,
        `Please complete the request renewal or contact ${ctx.supportEmail} to restore access.`,
        link,
      ];
    default:
      return [`The status of ${what} is now ${REQUEST_STATUSES[status as RequestStatusId] ?? status}.`, link];
  }
}

const APPROVALS: readonly number[] = [S.approved, S.approvedPendingTeam, S.conditionallyApproved];

/**
 * The prefilled e-mail of a decision: to the owner, and on approval also to the team members
 * with access on the request (decision 075); staff edit it in the composer before sending.
 */
export async function decisionDraft(
  db: DbOrTx,
  requestId: number,
  status: number,
  ctx: EmailContext,
  now = new Date(),
): Promise<EmailDraft> {
  const facts = await decisionsRepo.emailFacts(db, requestId);
  if (!facts) throw new ValidationError({ object_ids: [`Unknown id: ${requestId}.`] });
  const owner = `${facts.owner.firstName} ${facts.owner.lastName}`.trim() || facts.owner.email;
  const recipients = [facts.owner.email];
  if (APPROVALS.includes(status)) recipients.push(...facts.memberEmails);
  const to = [...new Map(recipients.map((email) => [email.toLowerCase(), email])).values()];
  const statusName = REQUEST_STATUSES[status as RequestStatusId] ?? String(status);
  const body = [
    `Dear ${owner},`,
    ...decisionParagraphs(status, facts, ctx, now),
    `If you have any questions, please contact ${ctx.supportEmail}.`,
    `Kind regards,\n${ctx.productName}`,
  ].join('\n\n');
  return {
    to,
    cc: [],
    bcc: [],
    subject: `${ctx.productName}: request ${facts.portalRequestId} ${statusName}`,
    body,
  };
}

/**
 * One template per status a request can move to, registered with the e-mail module: the
 * composer's per decision, and the receipt sent to the owner on submission (decision 094).
 */
export function decisionEmailTemplates(ctx: EmailContext): [string, EmailTemplate][] {
  return Object.keys(REQUEST_STATUSES)
    .map(Number)
    .filter((status) => status !== S.created)
    .map((status) => [
      decisionTemplateKey(status),
      {
        modelName: DECISION_EMAIL_MODEL,
        existing: (db, ids) => decisionsRepo.existingRequestIds(db, ids),
        async draft(db, ids) {
          if (ids.length !== 1) throw new ValidationError({ obj_ids: ['Choose one request.'] });
          return decisionDraft(db, ids[0]!, status, ctx);
        },
      },
    ]);
}
