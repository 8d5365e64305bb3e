import type { Platform } from './platform';
import { createFilesService } from '../modules/files/files.service';
import { createEmailService } from '../modules/email/email.service';
import { createFormsService } from '../modules/forms/forms.service';
import { createHistoryService } from '../modules/history/history.service';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { createSearchService } from '../modules/search/search.service';

/** The modules the others build on: files, e-mail, forms, history, notifications, search. */
export function wireShared(platform: Platform) {
  const { config, db, mailer, emailContext } = platform;
  const files = createFilesService({
    db,
    storage: platform.storage,
    scanner: platform.scanner,
    maxUploadBytes: config.uploadMaxBytes,
  });
  return {
    files,
    // The e-mail composer; modules offer templates for their objects.
    email: createEmailService({
      db,
      mailer,
      from: config.mail.from,
      supportEmail: config.supportEmail,
      botCheck: platform.botCheck,
      assertAttachable: files.assertAttachable,
    }),
    // Dynamic forms (/forms/{id}.json) and their remote option lists.
    forms: createFormsService({ db, productName: config.productName }),
    history: createHistoryService({ db }),
    notifications: createNotificationsService({ db, mailer, email: emailContext }),
    search: createSearchService({ db }),
  };
}

export type SharedServices = ReturnType<typeof wireShared>;
