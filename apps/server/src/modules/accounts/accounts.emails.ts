import { composeEmail, type ComposedEmail } from '../../platform/mail/compose';

export interface EmailContext {
  publicUrl: string;
  productName: string;
  supportEmail: string;
}

export function verificationEmail(ctx: EmailContext, name: string, token: string): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `Verify your ${ctx.productName} account`,
    greetingName: name,
    paragraphs: [
      `Thank you for registering with ${ctx.productName}.`,
      'Please click the link below to verify your e-mail address. The link is valid for 3 days.',
    ],
    action: {
      label: 'Verify my e-mail address',
      url: `${ctx.publicUrl}/verify-user?token=${encodeURIComponent(token)}`,
    },
  });
}

export function passwordResetEmail(ctx: EmailContext, name: string, token: string): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `Reset your ${ctx.productName} password`,
    greetingName: name,
    paragraphs: [
      'We received a request to reset the password of your account.',
      'Click the link below to choose a new password. The link is valid for one hour and can be used once. If you did not ask for this, you can ignore this e-mail.',
    ],
    action: {
      label: 'Reset my password',
      url: `${ctx.publicUrl}/reset-password/${encodeURIComponent(token)}`,
    },
  });
}

/**
 * To a user staff created on the admin form (decision 147): the link sets their first password
 * through the password-reset page, valid for `validDays`.
 */
export function accountCreatedEmail(
  ctx: EmailContext,
  name: string,
  token: string,
  validDays: number,
): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `Your ${ctx.productName} account`,
    greetingName: name,
    paragraphs: [
      `An account at ${ctx.productName} has been created for you with this e-mail address.`,
      `Click the link below to choose your password. The link is valid for ${validDays} days and can be used once; after that, use "Forgot password" on the sign-in page.`,
    ],
    action: {
      label: 'Set my password',
      url: `${ctx.publicUrl}/reset-password/${encodeURIComponent(token)}`,
    },
  });
}

/**
 * Sent to an address someone added to their profile. It names the account that asked, so the
 * owner of the address can tell whether it was them; the link works only for that account.
 */
export function addedEmailVerificationEmail(
  ctx: EmailContext,
  account: { name: string; email: string },
  token: string,
): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `Confirm your e-mail address for ${ctx.productName}`,
    paragraphs: [
      `${account.name} (${account.email}) added this address to their ${ctx.productName} account.`,
      'If that is you, click the link below while signed in to that account to confirm the address. The link is valid for 3 days.',
      'If you did not ask for this, ignore this e-mail: the address will not be used.',
    ],
    action: {
      label: 'Confirm this address',
      url: `${ctx.publicUrl}/verify-email?token=${encodeURIComponent(token)}`,
    },
  });
}

/** To the owner of an address someone tried to register again (decision 117). */
export function existingAccountEmail(ctx: EmailContext, name: string): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `You already have a ${ctx.productName} account`,
    greetingName: name,
    paragraphs: [
      `Someone, perhaps you, tried to register a new ${ctx.productName} account with this e-mail address. You already have an account, so no new one was created.`,
      'Sign in with your e-mail address, or choose a new password with the link below if you have forgotten it. If this was not you, you can ignore this e-mail.',
    ],
    action: { label: 'Reset my password', url: `${ctx.publicUrl}/reset-password` },
  });
}

/**
 * To the new sign-in address of an account (decision 307): the account signs in there only once
 * this link is followed, so nobody can move an account to a mailbox they do not hold.
 */
export function emailChangeConfirmationEmail(
  ctx: EmailContext,
  account: { name: string; email: string },
  token: string,
): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `Confirm your new ${ctx.productName} sign-in address`,
    greetingName: account.name,
    paragraphs: [
      `The sign-in address of the ${ctx.productName} account of ${account.name} (${account.email}) is to change to this address.`,
      'Click the link below to confirm it. The link is valid for 3 days and can be used once; until then the account keeps its current address.',
      'If you did not expect this, ignore this e-mail: the address will not change.',
    ],
    action: {
      label: 'Confirm my new address',
      url: `${ctx.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`,
    },
  });
}

/** To the current sign-in address when a change to another one is asked (decision 307). */
export function emailChangeNoticeEmail(
  ctx: EmailContext,
  name: string,
  newEmail: string,
  byStaff: boolean,
): ComposedEmail {
  return composeEmail({
    ...ctx,
    subject: `Your ${ctx.productName} sign-in address is about to change`,
    greetingName: name,
    paragraphs: [
      `${byStaff ? 'A staff member asked' : 'You asked'} to change the sign-in address of your ${ctx.productName} account to ${newEmail}.`,
      'The change takes effect only once it is confirmed from that address; until then you sign in, and receive password links, here.',
      `If you did not expect this, contact ${ctx.supportEmail} at once.`,
    ],
  });
}
