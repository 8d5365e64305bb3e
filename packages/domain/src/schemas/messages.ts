/** The spec's user-facing messages, verbatim (foundation §5 and §8). */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  invalidEmailReset: 'Enter a valid email address.',
  passwordCriteria: 'Password does not satisfy all criteria.',
  passwordsMismatch: 'Passwords do not match.',
  emailsMismatch: 'Emails do not match',
  blank: 'Fields cannot be blank.',
  passwordRequired: 'Please enter your password',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dateFormat: 'Please use the format MM/DD/YYYY',
  requiredField: 'Required field',
  invalidCredentials: 'Unable to log in with provided credentials.',
  mustAgreeToTerms: 'You must agree to the terms and conditions.',
  invalidGlobusId: 'Not a valid Globus Id or Username',
  recaptchaFailed: 'Recaptcha Failed. Please confirm your are not a robot.',
  emailTaken: 'A user with that email already exists.',
  institutionNotApproved: 'Please select an institution',
  tokenNotVerified: 'The token could not be verified. Contact Support.',
  tokenExpired: 'The verification code has expired. A new email has been sent.',
  resetFailed:
    'There was an issue resetting your password. It is possible that your email link has expired or is no longer valid.',
  verificationSent: 'Verification email successfully sent',
  invalidInstitution: 'Invalid Institution',
  selfAsOfficial: 'Investigators may not list themselves as the SBSO',
  alreadyInSystem: 'Already in system',
  einExists: 'EIN already exists',
  duplicateDomain:
    'We found the following institutions associated with your domain. Please select the correct one from the list.',
  duplicateName:
    'There is already an institution with that name in our system. Did you mean one of the following institutions?',
  invitationInvalid: 'This invitation is no longer valid. Please contact the researcher who invited you.',
  notFound: 'Not found.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Given token not valid for any token type',
  forbidden: 'You do not have permission to perform this action.',
  serverError: 'A server error occurred.',
  unexpectedError: 'Unexpected error',
  unexpectedErrorPrompt: 'There was an unexpected error. Would you like to submit an error report',
  permissionsIssue: 'Permissions Issue',
  serverErrorTitle: 'Server Error',
} as const;

/** The sign-in page's notice when a verification link is followed after the account is verified. */
export const ALREADY_VERIFIED = 'Your account is already verified';
