import { EmailedLinkScreen, type EmailedLink } from '../components/emailed-link-screen';

/**
 * The link e-mailed to a new sign-in address lands here (decision 307). Signed in or not: the
 * link alone proves the mailbox.
 */
const CONFIRM_NEW_ADDRESS: EmailedLink = {
  path: 'confirm-email/',
  title: 'Confirm Your New Email Address',
  loaderLabel: 'Confirming your new email address',
  doneTitle: 'Email address changed',
  doneText: (email) =>
    `${email} is now the sign-in address of the account. Use it the next time you sign in.`,
  failedTitle: 'The address was not changed',
  next: (user) =>
    user ? { to: '/my-profile', label: 'Go to My Profile' } : { to: '/login', label: 'Sign in' },
};

export default function ConfirmEmailScreen() {
  return <EmailedLinkScreen link={CONFIRM_NEW_ADDRESS} />;
}
