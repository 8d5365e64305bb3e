import type { Platform } from './platform';
import type { EmailService } from '../modules/email/email.service';
import { countLiveInstances } from '../platform/cluster/instance-registry';
import { httpServiceHealth } from '../platform/external/service-health';
import { LOCAL_ZENDESK_STAND_IN } from '../platform/external/zendesk';
import { LOCAL_BINS_STAND_IN } from '../platform/external/bins';
import { createAdminService } from '../modules/admin/admin.service';
import { createComplianceService } from '../modules/compliance/compliance.service';
import { COMPLIANCE_TEMPLATE, complianceEmailTemplate } from '../modules/compliance/compliance.emails';
import { createReleaseNotesService } from '../modules/release-notes/release-notes.service';
import { createWebhooksService } from '../modules/webhooks/webhooks.service';
import { createInsightsService } from '../modules/insights/insights.service';
import { createRemindersService } from '../modules/reminders/reminders.service';

/** What staff and superusers oversee: health and settings, compliance, release notes, webhooks, metrics, reminders. */
export function wireAdmin(platform: Platform, email: EmailService) {
  const { config, database, db } = platform;
  email.registerTemplate(COMPLIANCE_TEMPLATE, complianceEmailTemplate(platform.emailContext));
  return {
    admin: createAdminService({
      client: {
        productName: config.productName,
        supportEmail: config.supportEmail,
        orcid: config.orcid,
        recaptcha: config.recaptcha,
        sentryDsn: config.sentryDsn,
      },
      database,
      fileStorage: platform.storage.kind,
      liveInstances: () => countLiveInstances(db),
      serviceHealth: httpServiceHealth(config.externalServices, {
        standIns: {
          ...(platform.zendesk.mode === 'local' ? { ZENDESK_API: LOCAL_ZENDESK_STAND_IN } : {}),
          ...(!config.binsUrl && !config.isProduction ? { BINS: LOCAL_BINS_STAND_IN } : {}),
        },
      }),
      virusScan: config.clamav ? 'configured' : 'not configured',
    }),
    compliance: createComplianceService({ db, email }),
    // Release notes (issue 16): superusers write and release them; releasing notifies every group.
    releaseNotes: createReleaseNotesService({ db }),
    webhooks: createWebhooksService({ db, policy: config.webhooks }),
    // Turnaround metrics from the requests' status history (issue 19).
    insights: createInsightsService({ db }),
    // Reminders about stalled work, run by the job scheduler (issue 19).
    reminders: createRemindersService({ db, mailer: platform.mailer, email: platform.emailContext }),
  };
}
