import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../platform/db/database';
import type { TokenService } from '../platform/auth/tokens';
import { MailOutbox } from '../platform/mail/outbox';
import { outboxMailer, type Mailer } from '../platform/mail/mailer';
import { createMailTransport } from '../platform/mail/transport';
import { storedFileAttachments } from '../platform/mail/attachments';
import { WebhookOutbox } from '../platform/webhooks/outbox';
import { clamdScanner, noVirusScan, type VirusScanner } from '../platform/files/virus-scan';
import { localStorage, s3Storage, type FileStorage } from '../platform/files/storage';
import { recaptchaBotCheck, type BotCheck } from '../platform/external/recaptcha';
import { orcidAdapter, type OrcidAdapter } from '../platform/external/orcid';
import { localZendesk, zendeskApi, zendeskOff, type ZendeskAdapter } from '../platform/external/zendesk';
import { binsApi, binsOff, localBins, type BinsAdapter } from '../platform/external/bins';

/** What every area's services are built with: the database, the outboxes, file storage, the outside services. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  tokens: TokenService;
  outbox: MailOutbox;
  webhookOutbox: WebhookOutbox;
  mailer: Mailer;
  /** What e-mails say about the site: its address, name and support address. */
  emailContext: { publicUrl: string; productName: string; supportEmail: string };
  storage: FileStorage;
  scanner: VirusScanner;
  botCheck: BotCheck;
  orcid: OrcidAdapter;
  zendesk: ZendeskAdapter;
  bins: BinsAdapter;
}

/** Builds the platform from the configuration; nothing is started until the app uses it. */
export async function wirePlatform(options: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  tokens: TokenService;
  /** This server process in the instance registry; its e-mail claims carry it. */
  instanceId?: string;
}): Promise<Platform> {
  const { config, database, log, tokens } = options;
  const outbox = new MailOutbox(
    database.db,
    createMailTransport(config.mail.smtpUrl),
    config.mail.from,
    log,
    { instanceId: options.instanceId },
  );
  const webhookOutbox = new WebhookOutbox(database.db, config.webhooks, log);
  const storage = config.s3
    ? await s3Storage(config.s3)
    : localStorage(`${config.dataDir}/files`, config.jwtSecret, config.publicUrl);
  // E-mails with attachments (decision documents) read them from storage when delivered.
  outbox.useAttachments(storedFileAttachments(database.db, storage));
  return {
    config,
    database,
    db: database.db,
    log,
    tokens,
    outbox,
    webhookOutbox,
    mailer: outboxMailer(outbox, log),
    emailContext: {
      publicUrl: config.publicUrl,
      productName: config.productName,
      supportEmail: config.supportEmail,
    },
    storage,
    scanner: config.clamav ? clamdScanner(config.clamav.host, config.clamav.port) : noVirusScan,
    botCheck: recaptchaBotCheck(config.recaptcha),
    orcid: orcidAdapter(config.orcid),
    // Zendesk behind the request staff panel: the real API, else demo tickets outside production.
    zendesk: config.zendesk ? zendeskApi(config.zendesk) : config.isProduction ? zendeskOff : localZendesk(),
    // Orders of approved tissue requests go to BINS: its API, else a local stand-in outside production.
    bins: config.binsUrl ? binsApi({ url: config.binsUrl }) : config.isProduction ? binsOff : localBins(),
  };
}
