import { composeEmail, type ComposedEmail } from '../../platform/mail/compose';

export interface EmailContext {
  publicUrl: string;
  productName: string;
  supportEmail: string;
}

/** Follow Up: the 'request revisions' e-mail to the signing official (staff §4.5). */
export function requestRevisionsEmail(
  ctx: EmailContext,
  to: { name: string },
  institution: { id: number; name: string },
  comments: string | null,
): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `${institution.name}: revisions requested`,
    greetingName: to.name,
    paragraphs: [
      `The foundation reviewed the details of ${institution.name} and needs some revisions before the institution can be approved.`,
      ...(comments ? [`Comments from the reviewer: ${comments}`] : []),
      'Please review and update the institution details.',
    ],
    action: { label: 'Update the institution details', url: `${ctx.publicUrl}/institution-details` },
  });
}

export function institutionRejectedEmail(
  ctx: EmailContext,
  to: { name: string },
  institution: { name: string },
  comments: string | null,
): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `${institution.name}: institution not approved`,
    greetingName: to.name,
    paragraphs: [
      `The foundation reviewed ${institution.name} and could not approve it for ${ctx.productName}.`,
      ...(comments ? [`Comments from the reviewer: ${comments}`] : []),
    ],
  });
}
