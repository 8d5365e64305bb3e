import { EmailedLinkScreen, type EmailedLink } from '../components/emailed-link-screen';

/**
 * The link e-mailed to an address added on My Profile lands here (decision 107). It is a
 * signed-in screen: the address is proved for the account signed in, and only if that account
 * added it.
 */
const VERIFY_ADDED_ADDRESS: EmailedLink = {
  path: 'verify-email/',
  title: 'Confirm Your Email Address',
  loaderLabel: 'Confirming your email address',
  doneTitle: 'Email address confirmed',
  doneText: (email) => `${email} is now confirmed on your account.`,
  failedTitle: 'The address was not confirmed',
  next: () => ({ to: '/my-profile', label: 'Go to My Profile' }),
};

export default function VerifyEmailScreen() {
  return <EmailedLinkScreen link={VERIFY_ADDED_ADDRESS} />;
}
