import { composeEmail, type ComposedEmail } from '../../platform/mail/compose';

export interface EmailContext {
  publicUrl: string;
  productName: string;
  supportEmail: string;
}

/**
 * Follow Up: the 'request revisions' e-mail to the signing official (staff §4.5), or to the
 * official named for the institution who has not accepted their invitation yet.
 */
export function requestRevisionsEmail(
  ctx: EmailContext,
  to: { name: string; registered?: boolean },
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
      ...(to.registered === false
        ? [
            'Your account is not set up yet: please first accept the invitation we e-mailed you, then sign in.',
          ]
        : []),
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

/**
 * The invitation to a named signing official, with links to accept (register) or decline. A
 * researcher names the official of the institution they propose or belong to; the foundation's
 * administrators name the official of an institution they add (`researcherName` absent).
 */
export function officialInvitationEmail(
  ctx: EmailContext,
  input: { officialName: string; researcherName?: string; institutionName: string; token: string },
): ComposedEmail {
  const accept = `${ctx.publicUrl}/register?token=${encodeURIComponent(input.token)}`;
  const decline = `${accept}&rejected=${encodeURIComponent(input.officialName)}`;
  const portal = `${ctx.productName}, a portal through which autism researchers request research data and biospecimens`;
  return composeEmail({
    ...ctx,
    subject: input.researcherName
      ? `${input.researcherName} named you signing official for ${input.institutionName}`
      : `You are invited as signing official for ${input.institutionName}`,
    greetingName: input.officialName,
    paragraphs: [
      input.researcherName
        ? `${input.researcherName} has registered with ${portal}, and named you as the signing official of ${input.institutionName}.`
        : `The ${ctx.productName} team has added ${input.institutionName} to ${portal}, and named you as its signing official.`,
      'As signing official you review and sign the Researcher Distribution Agreement for your institution and confirm which researchers are affiliated with it.',
      `If you are not the right person, decline the invitation here: ${decline}`,
    ],
    action: { label: 'Accept and create your account', url: accept },
  });
}

/** To whoever named the official (a researcher, or an administrator): they declined; what to do next. */
export function invitationDeclinedEmail(
  ctx: EmailContext,
  input: {
    inviterName: string;
    officialName: string;
    institutionName: string;
    nextStep: { path: string; label: string };
  },
): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `${input.officialName} declined to be signing official for ${input.institutionName}`,
    greetingName: input.inviterName,
    paragraphs: [
      `${input.officialName} declined the invitation to be the signing official of ${input.institutionName}.`,
      'Please sign in and name another signing official for the institution.',
    ],
    action: { label: input.nextStep.label, url: `${ctx.publicUrl}${input.nextStep.path}` },
  });
}
