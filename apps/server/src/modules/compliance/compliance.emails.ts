import { COMPLIANCE_STATUSES, type ComplianceStatusId } from '@rrp/domain';
import type { EmailTemplate } from '../email/email.service';
import { existingInstitutionIds, institutionsForEmail } from './compliance.repo';

/** What the e-mail text names: the product, its address and its support contact. */
export interface EmailContext {
  publicUrl: string;
  productName: string;
  supportEmail: string;
}

/** The template key of compliance e-mails, as the e-mail log records it. */
export const COMPLIANCE_TEMPLATE = 'compliance';
export const COMPLIANCE_MODEL = 'institution';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const formatDay = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));

function statusSentence(status: ComplianceStatusId, anniversary: string, institution: string): string {
  switch (status) {
    case 1:
      return `The next annual researcher review for ${institution} is due on ${formatDay(anniversary)}.`;
    case 2:
      return `The annual researcher review for ${institution} is due on ${formatDay(anniversary)}.`;
    case 3:
      return `The annual researcher review for ${institution} was due on ${formatDay(anniversary)} and has not been completed yet.`;
  }
}

/**
 * The compliance e-mail to institutions' signing officials, drafted from each institution's
 * compliance state; staff edit the draft in the composer before sending.
 */
export function complianceEmailTemplate(ctx: EmailContext): EmailTemplate {
  return {
    modelName: COMPLIANCE_MODEL,
    existing: existingInstitutionIds,
    async draft(db, ids) {
      const rows = await institutionsForEmail(db, ids);
      const officials = rows.flatMap((row) => (row.io?.email ? [row.io] : []));
      const to = [...new Map(officials.map((io) => [io.email.toLowerCase(), io.email])).values()];
      const single = rows.length === 1 ? rows[0]! : null;
      const greetingName =
        single?.io && `${single.io.firstName} ${single.io.lastName}`.trim()
          ? `${single.io.firstName} ${single.io.lastName}`.trim()
          : 'signing official';
      const sentences = rows.map((row) =>
        statusSentence(row.status as ComplianceStatusId, row.anniversary, row.name),
      );
      const subject = single
        ? `${ctx.productName}: annual researcher review for ${single.name}`
        : `${ctx.productName}: annual researcher review`;
      const body = [
        `Dear ${greetingName},`,
        `As a signing official, you confirm once a year that the researchers affiliated with your institution are still working there and may keep their access to ${ctx.productName} resources.`,
        ...sentences,
        `Please sign in and complete the annual researcher review: ${ctx.publicUrl}/annual-researcher-review`,
        `If you have questions, contact ${ctx.supportEmail}.`,
        `The ${ctx.productName} team`,
      ].join('\n\n');
      return { to, subject, body };
    },
  };
}

export const complianceStatusName = (status: number) =>
  COMPLIANCE_STATUSES[status as ComplianceStatusId] ?? '';
