import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@rrp/domain';
import type { Config } from './config';
import type { Database } from './platform/db/database';
import { TokenService } from './platform/auth/tokens';
import { accessPlugin } from './platform/http/access';
import { objectVersionsPlugin } from './platform/http/object-versions';
import { idempotencyPlugin, type IdempotencyOptions } from './platform/http/idempotency';
import { errorReportingPlugin } from './platform/observability/error-reporting';
import { metricsPlugin } from './platform/observability/metrics';
import { correlationIdFor } from './platform/http/correlation';
import { errorHandlerPlugin } from './platform/http/error-handler';
import { validatorCompiler } from './platform/http/validator';
import { responseSerializerCompiler } from './platform/http/serializer';
import { inFlightPlugin } from './platform/http/in-flight';
import { rateLimitPlugin } from './platform/http/rate-limit';
import { securityHeadersPlugin } from './platform/http/security-headers';
import { clientErrorHandler, frameworkErrors } from './platform/http/framework-errors';
import { loggerOptions } from './platform/http/logging';
import { MAX_PARAM_LENGTH, registerWebApp } from './platform/http/web-app';
import { registerCompression } from './platform/http/compression';
import type { MailOutbox } from './platform/mail/outbox';
import type { WebhookOutbox } from './platform/webhooks/outbox';
import type { FileStorage } from './platform/files/storage';
import { JobScheduler } from './platform/jobs/scheduler';
import { APP_VERSION } from './db/seed';
import { wirePlatform } from './wiring/platform';
import { wireShared } from './wiring/shared';
import { wireAccounts } from './wiring/accounts';
import { wireResources } from './wiring/resources';
import { wireAdmin } from './wiring/admin';
import { wireRequests } from './wiring/requests';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { userAdminRoutes } from './modules/accounts/user-admin.routes';
import { userListRoutes } from './modules/accounts/user-list.routes';
import { filesRoutes } from './modules/files/files.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import {
  affiliationsRoutes,
  institutionsRoutes,
  officialsRoutes,
} from './modules/institutions/institutions.routes';
import type { InstitutionsService } from './modules/institutions/institutions.service';
import { demoIrb } from './modules/projects/demo-irb';
import { searchRoutes } from './modules/search/search.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { historyRoutes } from './modules/history/history.routes';
import { emailRoutes } from './modules/email/email.routes';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { formsRoutes } from './modules/forms/forms.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { requestPages, requestRowCache } from './modules/requests/request-row-cache';
import { projectRowCache } from './modules/projects/project-row-cache';
import { decisionsRoutes } from './modules/decisions/decisions.routes';
import { requestStaffRoutes } from './modules/request-staff/request-staff.routes';
import { summaryRoutes } from './modules/research-match/summary.routes';
import { reviewRoutes } from './modules/research-match/review.routes';
import { reviewCycleRoutes } from './modules/research-match/review-cycle.routes';
import { renewalsRoutes } from './modules/renewals/renewals.routes';
import { requestDocumentsRoutes } from './modules/request-documents/request-documents.routes';
import { releaseNotesRoutes } from './modules/release-notes/release-notes.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { reviewerAssistantRoutes } from './modules/reviewer-assistant/reviewer-assistant.routes';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { createCalendarService } from './modules/calendar/calendar.service';
import type { RemindersService } from './modules/reminders/reminders.service';
import { donorsRoutes } from './modules/tissue/donors.routes';
import { cartsRoutes } from './modules/tissue/carts.routes';
import { tissueOrdersRoutes } from './modules/tissue/orders.routes';
import { tissueCycleRoutes } from './modules/tissue/tissue-cycle.routes';
import { tissueReviewsRoutes } from './modules/tissue/tissue-reviews.routes';
import { donorDocumentStore, type StoreDonorDocument } from './modules/tissue/donor-documents';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** This server process in the instance registry (main.ts); its e-mail claims carry it. */
  instanceId?: string;
  /** Fault-injection points, set only by the crash tests' own server entry. */
  faults?: { idempotency?: Omit<IdempotencyOptions, 'db'> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers queued e-mail; tests await `deliverDue()` to read what was sent. */
    outbox: MailOutbox;
    /** Posts queued webhook events; tests await `deliverDue()` to see what was posted. */
    webhooks: WebhookOutbox;
    /** Periodic jobs (the reminders), one run per slot across instances; tests await `runDue()`. */
    jobs: JobScheduler;
    /** Reminders about stalled work; tests run them at a time of their choosing. */
    reminders: RemindersService;
    /** Where files are stored; main.ts registers its identity in the instance registry. */
    fileStorage: FileStorage;
    /** What the demo seed needs from the services (generating an institution's RDA). */
    demo: {
      attachDefaultRda: InstitutionsService['attachDefaultRda'];
      /** Stores an IRB letter for a demo project and makes it the project's latest IRB. */
      attachIrb: ReturnType<typeof demoIrb>;
      /** Stores a document of a demo tissue donor. */
      storeDonorDocument: StoreDonorDocument;
    };
  }
}

/** Builds the whole server — API, OpenAPI document and web app — without listening; tests use it as is. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logger ?? false),
    genReqId: correlationIdFor,
    bodyLimit: LIMITS.jsonBodyBytes,
    // Forwarded headers count only from the configured proxies (TRUST_PROXY); off by default.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.responseValidation));

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Correlation-ID', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(errorReportingPlugin, {
    dsn: config.sentryDsn,
    environment: config.env,
    release: APP_VERSION,
  });
  await app.register(securityHeadersPlugin, {
    recaptcha: Boolean(config.recaptcha.secretV3 || config.recaptcha.secretV2),
    // The browser sends its error reports to the DSN's host (decision 123).
    connectOrigins: config.sentryDsn ? [new URL(config.sentryDsn).origin] : [],
  });
  await registerCompression(app);
  await app.register(inFlightPlugin, { callsAtOnce: config.apiCallsAtOnce });
  await app.register(rateLimitPlugin, { db: database.db });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <token>' },
        },
      },
      security: [{ jwt: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const tokens = new TokenService(config.jwtSecret, config.tokenTtlMinutes);
  await app.register(accessPlugin, { db: database.db, listen: database.listen, tokens });
  await app.register(idempotencyPlugin, { ...options.faults?.idempotency, db: database.db });
  await app.register(objectVersionsPlugin, { db: database.db });
  if (config.metricsToken) await app.register(metricsPlugin, { token: config.metricsToken, database });

  const platform = await wirePlatform({
    config,
    database,
    log: app.log,
    tokens,
    instanceId: options.instanceId,
  });
  const { outbox, webhookOutbox, mailer } = platform;
  app.decorate('outbox', outbox);
  app.addHook('onClose', () => outbox.stop());
  app.decorate('webhooks', webhookOutbox);
  app.addHook('onClose', () => webhookOutbox.stop());
  // The one after-commit hook: a write's transaction has committed by the time its answer is
  // sent (or a job's run has returned), so what it queued (e-mails, webhook events) goes out now.
  const deliverCommitted = () => {
    mailer.flushIfQueued();
    webhookOutbox.flushIfQueued();
  };
  app.addHook('onResponse', async () => deliverCommitted());
  app.decorate('fileStorage', platform.storage);

  const shared = wireShared(platform);
  const { files } = shared;
  app.decorate('fileTypes', { register: files.registerType });
  const accounts = wireAccounts(platform, shared);
  const resources = wireResources(platform, files);
  const admin = wireAdmin(platform, shared.email);
  const work = wireRequests(platform, shared, resources.carts);
  const stopHearingReviewerLoad = await work.reviewerAssistant.subscribe(database.listen);
  app.addHook('onClose', () => stopHearingReviewerLoad());
  for (const readModel of [requestRowCache, requestPages, projectRowCache]) {
    const stopKeeping = await readModel.keep(database.db, database.listen);
    app.addHook('onClose', () => stopKeeping());
  }
  app.decorate('demo', {
    attachDefaultRda: accounts.institutions.attachDefaultRda,
    attachIrb: demoIrb(files),
    storeDonorDocument: donorDocumentStore(files),
  });
  const reminders = {
    ...admin.reminders,
    run: (now?: Date) => admin.reminders.run(now).finally(deliverCommitted),
  };

  await app.register(accountsRoutes, accounts);
  await app.register(userAdminRoutes, accounts);
  await app.register(filesRoutes, { files });
  await app.register(projectsRoutes, work);
  await app.register(institutionsRoutes, accounts);
  await app.register(officialsRoutes, accounts);
  await app.register(affiliationsRoutes, accounts);
  await app.register(searchRoutes, shared);
  await app.register(notificationsRoutes, shared);
  await app.register(adminRoutes, admin);
  await app.register(catalogueRoutes, resources);
  await app.register(historyRoutes, shared);
  await app.register(emailRoutes, shared);
  await app.register(complianceRoutes, admin);
  await app.register(formsRoutes, shared);
  await app.register(donorsRoutes, resources);
  await app.register(cartsRoutes, resources);
  await app.register(tissueOrdersRoutes, { orders: resources.tissueOrders });
  await app.register(requestsRoutes, work);
  await app.register(decisionsRoutes, work);
  await app.register(requestStaffRoutes, work);
  await app.register(reviewerAssistantRoutes, work);
  await app.register(summaryRoutes, work);
  await app.register(reviewRoutes, work);
  await app.register(reviewCycleRoutes, { cycle: work.researchMatchCycle });
  await app.register(userListRoutes, accounts);
  await app.register(renewalsRoutes, work);
  await app.register(requestDocumentsRoutes, work);
  await app.register(tissueCycleRoutes, { cycle: work.tissueCycle });
  await app.register(tissueReviewsRoutes, { reviews: resources.tissueReviews });
  await app.register(releaseNotesRoutes, admin);
  await app.register(webhooksRoutes, admin);
  await app.register(insightsRoutes, admin);
  await app.register(remindersRoutes, { reminders });
  // Calendar feeds of each user's own dates (issue 33).
  const calendar = createCalendarService({
    db: database.db,
    serverSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    productName: config.productName,
  });
  await app.register(calendarRoutes, { calendar });
  app.decorate('reminders', reminders);
  const jobs = new JobScheduler(database.db, app.log, { instanceId: options.instanceId });
  if (config.remindersEveryMinutes > 0) {
    jobs.register({
      name: 'reminders',
      everyMinutes: config.remindersEveryMinutes,
      run: async (now) => void (await reminders.run(now)),
    });
  }
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await registerWebApp(app);

  return app;
}
