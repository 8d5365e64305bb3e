import type { Db } from '../../platform/db/database';
import type { TokenService } from '../../platform/auth/tokens';
import type { BotCheck } from '../../platform/external/recaptcha';
import type { OrcidAdapter } from '../../platform/external/orcid';
import type { Mailer } from '../../platform/mail/mailer';
import type { EmailContext } from './accounts.emails';

/** What the account services need from the platform. */
export interface AccountsDeps {
  db: Db;
  tokens: TokenService;
  botCheck: BotCheck;
  orcid: OrcidAdapter;
  mailer: Mailer;
  email: EmailContext;
}
