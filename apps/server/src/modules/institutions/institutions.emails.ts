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

/** The invitation to a proposed signing official, with links to accept (register) or decline. */
export function officialInvitationEmail(
  ctx: EmailContext,
  input: { officialName: string; researcherName: string; institutionName: string; token: string },
): ComposedEmail {
  const accept = `${ctx.publicUrl}/register?token=${encodeURIComponent(input.token)}`;
  const decline = `${accept}&rejected=${encodeURIComponent(input.officialName)}`;
  return composeEmail({
    ...ctx,
    subject: `${input.researcherName} named you signing official for ${input.institutionName}`,
    greetingName: input.officialName,
    paragraphs: [
      `${input.researcherName} has registered with ${ctx.productName}, a portal through which autism researchers request research data and biospecimens, and named you as the signing official of ${input.institutionName}.`,
      'As signing official you review and sign the Researcher Distribution Agreement for your institution and confirm which researchers are affiliated with it.',
      `If you are not the right person, decline the invitation here: ${decline}`,
    ],
    action: { label: 'Accept and create your account', url: accept },
  });
}

export function invitationDeclinedEmail(
  ctx: EmailContext,
  input: { researcherName: string; officialName: string; institutionName: string },
): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `${input.officialName} declined to be signing official for ${input.institutionName}`,
    greetingName: input.researcherName,
    paragraphs: [
      `${input.officialName} declined the invitation to be the signing official of ${input.institutionName}.`,
      'Please sign in and name another signing official for your institution.',
    ],
    action: { label: 'Name a new signing official', url: `${ctx.publicUrl}/revise-institution-officer` },
  });
}
