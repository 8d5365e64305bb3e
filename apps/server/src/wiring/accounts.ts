import type { Platform } from './platform';
import type { SharedServices } from './shared';
import type { AccountsDeps } from '../modules/accounts/accounts.deps';
import { createSessionService } from '../modules/accounts/session.service';
import { createRegistrationService, queueVerificationEmail } from '../modules/accounts/registration.service';
import { displayName } from '../modules/accounts/accounts.service';
import { createPasswordService } from '../modules/accounts/password.service';
import { createProfileService } from '../modules/accounts/profile.service';
import { createEmailAddressesService } from '../modules/accounts/email-addresses.service';
import { createUserAdminService } from '../modules/accounts/user-admin.service';
import { createUserContactsService } from '../modules/accounts/user-contacts.service';
import { createUserListService } from '../modules/accounts/user-list.service';
import { rdaPolicy } from '../modules/institutions/rda.policy';
import { createInstitutionsService } from '../modules/institutions/institutions.service';
import { createOfficialsService } from '../modules/institutions/officials.service';
import { createAffiliationsService } from '../modules/institutions/affiliations.service';
import { institutionHistoryFormat } from '../modules/institutions/institutions.history';

/** Accounts and the institutions they belong to: sign-in, profiles, users, institutions, signing officials. */
export function wireAccounts(
  platform: Platform,
  { files, history }: Pick<SharedServices, 'files' | 'history'>,
) {
  const { db, mailer, emailContext, botCheck } = platform;
  const deps: AccountsDeps = {
    db,
    tokens: platform.tokens,
    botCheck,
    orcid: platform.orcid,
    mailer,
    email: emailContext,
  };
  files.registerType('rda', rdaPolicy(files, displayName));
  const institutions = createInstitutionsService({
    db,
    files,
    mailer,
    email: emailContext,
    storage: platform.storage,
    log: platform.log,
  });
  history.registerModel('institution', {
    subject: institutions.historySubject,
    format: institutionHistoryFormat,
  });
  return {
    session: createSessionService(deps),
    registration: createRegistrationService(deps),
    password: createPasswordService(deps),
    profile: createProfileService(deps),
    emailAddresses: createEmailAddressesService(deps),
    officials: createOfficialsService({
      db,
      mailer,
      botCheck,
      email: emailContext,
      institutions,
      queueVerification: (tx, user) => queueVerificationEmail(tx, deps, user),
    }),
    // The user page and the admin user form (issue 16).
    userAdmin: createUserAdminService(deps),
    contacts: createUserContactsService({ db }),
    users: createUserListService({ db }),
    institutions,
    affiliations: createAffiliationsService({ db }),
  };
}
