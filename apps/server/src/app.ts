import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CART_REQUEST_TYPES, LIMITS, REQUEST_SUBMITTED, TISSUE_DOCUMENT, type Actor } from '@rrp/domain';
import type { DbOrTx } from './platform/db/database';
import type { Config } from './config';
import type { Database } from './platform/db/database';
import { TokenService } from './platform/auth/tokens';
import { accessPlugin } from './platform/http/access';
import { idempotencyPlugin, type IdempotencyOptions } from './platform/http/idempotency';
import { errorReportingPlugin } from './platform/observability/error-reporting';
import { metricsPlugin } from './platform/observability/metrics';
import { countLiveInstances } from './platform/cluster/instance-registry';
import { correlationIdFor } from './platform/http/correlation';
import { errorHandlerPlugin } from './platform/http/error-handler';
import { validatorCompiler } from './platform/http/validator';
import { rateLimitPlugin } from './platform/http/rate-limit';
import { securityHeadersPlugin } from './platform/http/security-headers';
import { clientErrorHandler, frameworkErrors } from './platform/http/framework-errors';
import { loggerOptions } from './platform/http/logging';
import { MAX_PARAM_LENGTH, registerWebApp } from './platform/http/web-app';
import { registerCompression } from './platform/http/compression';
import { httpServiceHealth } from './platform/external/service-health';
import { recaptchaBotCheck } from './platform/external/recaptcha';
import { orcidAdapter } from './platform/external/orcid';
import { LOCAL_ZENDESK_STAND_IN, localZendesk, zendeskApi, zendeskOff } from './platform/external/zendesk';
import { requestStaffRoutes } from './modules/requests/request-staff.routes';
import { createRequestStaffService } from './modules/requests/request-staff.service';
import { userListRoutes } from './modules/accounts/user-list.routes';
import { createUserListService } from './modules/accounts/user-list.service';
import { MailOutbox } from './platform/mail/outbox';
import { outboxMailer } from './platform/mail/mailer';
import { WebhookOutbox } from './platform/webhooks/outbox';
import { createMailTransport } from './platform/mail/transport';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createSessionService } from './modules/accounts/session.service';
import { createRegistrationService, queueVerificationEmail } from './modules/accounts/registration.service';
import { displayName } from './modules/accounts/accounts.service';
import { createPasswordService } from './modules/accounts/password.service';
import { createProfileService } from './modules/accounts/profile.service';
import { createEmailAddressesService } from './modules/accounts/email-addresses.service';
import { userAdminRoutes } from './modules/accounts/user-admin.routes';
import { createUserAdminService } from './modules/accounts/user-admin.service';
import { createUserContactsService } from './modules/accounts/user-contacts.service';
import { createFilesService } from './modules/files/files.service';
import { filesRoutes } from './modules/files/files.routes';
import { rdaPolicy } from './modules/institutions/rda.policy';
import { irbPolicy } from './modules/projects/irb.policy';
import { demoIrb } from './modules/projects/demo-irb';
import { projectsRoutes } from './modules/projects/projects.routes';
import { createProjectsService } from './modules/projects/projects.service';
import {
  affiliationsRoutes,
  institutionsRoutes,
  officialsRoutes,
} from './modules/institutions/institutions.routes';
import { createOfficialsService } from './modules/institutions/officials.service';
import { createAffiliationsService } from './modules/institutions/affiliations.service';
import {
  createInstitutionsService,
  type InstitutionsService,
} from './modules/institutions/institutions.service';
import { clamdScanner, noVirusScan } from './platform/files/virus-scan';
import { localStorage, s3Storage, type FileStorage } from './platform/files/storage';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService } from './modules/search/search.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { requestsRoutes } from './modules/requests/requests.routes';
import { createRequestsService } from './modules/requests/requests.service';
import { decisionsRoutes } from './modules/requests/decisions.routes';
import {
  applicationDocumentsPolicy,
  RESEARCH_MATCH_DOCUMENT,
  researchMatchDocumentsPolicy,
} from './modules/requests/research-match-documents.policy';
import { summaryRoutes } from './modules/research-match/summary.routes';
import { reviewRoutes } from './modules/research-match/review.routes';
import { createReviewService } from './modules/research-match/review.service';
import { reviewCycleRoutes } from './modules/research-match/review-cycle.routes';
import { createReviewCycleService } from './modules/research-match/review-cycle.service';
import { createSummaryService } from './modules/research-match/summary.service';
import { decisionDocsPolicy } from './modules/requests/decision-docs.policy';
import { storedFileAttachments } from './platform/mail/attachments';
import { lockRequest, requestSnapshot } from './modules/requests/requests.repo';
import { applyTransition } from './modules/requests/requests.workflow';
import { renewalsRoutes } from './modules/renewals/renewals.routes';
import { createRenewalsService } from './modules/renewals/renewals.service';
import { createRequestDocumentsService } from './modules/request-documents/request-documents.service';
import { requestDocumentsRoutes } from './modules/request-documents/request-documents.routes';
import { createPublicCatalogueService } from './modules/catalogue/public.service';
import { datasetFilePolicy } from './modules/catalogue/dataset-files.policy';
import { historyRoutes } from './modules/history/history.routes';
import { createHistoryService } from './modules/history/history.service';
import { projectHistoryFormat } from './modules/projects/projects.history';
import { institutionHistoryFormat } from './modules/institutions/institutions.history';
import { requestHistoryFormat } from './modules/requests/requests.history';
import { emailRoutes } from './modules/email/email.routes';
import { createEmailService } from './modules/email/email.service';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { formsRoutes } from './modules/forms/forms.routes';
import { createFormsService } from './modules/forms/forms.service';
import { createComplianceService } from './modules/compliance/compliance.service';
import { COMPLIANCE_TEMPLATE, complianceEmailTemplate } from './modules/compliance/compliance.emails';
import { releaseNotesRoutes } from './modules/release-notes/release-notes.routes';
import { createReleaseNotesService } from './modules/release-notes/release-notes.service';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { insightsRoutes } from './modules/insights/insights.routes';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { createRemindersService, type RemindersService } from './modules/reminders/reminders.service';
import { JobScheduler } from './platform/jobs/scheduler';
import { createInsightsService } from './modules/insights/insights.service';
import { APP_VERSION } from './db/seed';
import { createDonorsService } from './modules/tissue/donors.service';
import { donorsRoutes } from './modules/tissue/donors.routes';
import { createCartsService } from './modules/tissue/carts.service';
import { cartsRoutes } from './modules/tissue/carts.routes';
import { createTissueCycleService } from './modules/tissue/tissue-cycle.service';
import { createReviewCycleEngine } from './modules/review-cycles/review-cycles.service';
import { tissueCycleRoutes } from './modules/tissue/tissue-cycle.routes';
import { createTissueReviewsService } from './modules/tissue/tissue-reviews.service';
import { tissueReviewsRoutes } from './modules/tissue/tissue-reviews.routes';
import { donorDocumentStore, type StoreDonorDocument } from './modules/tissue/donor-documents';
import { createTissueOrdersService } from './modules/tissue/orders.service';
import { tissueOrdersRoutes } from './modules/tissue/orders.routes';
import { binsApi, binsOff, localBins, LOCAL_BINS_STAND_IN } from './platform/external/bins';

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
  app.setSerializerCompiler(serializerCompiler);

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
  await app.register(accessPlugin, { db: database.db, tokens });
  await app.register(idempotencyPlugin, { ...options.faults?.idempotency, db: database.db });
  if (config.metricsToken) await app.register(metricsPlugin, { token: config.metricsToken, database });

  const outbox = new MailOutbox(
    database.db,
    createMailTransport(config.mail.smtpUrl),
    config.mail.from,
    app.log,
    { instanceId: options.instanceId },
  );
  app.decorate('outbox', outbox);
  app.addHook('onClose', () => outbox.stop());
  const webhookOutbox = new WebhookOutbox(database.db, config.webhooks, app.log);
  app.decorate('webhooks', webhookOutbox);
  app.addHook('onClose', () => webhookOutbox.stop());
  const mailer = outboxMailer(outbox, app.log);
  // The one after-commit hook: a write's transaction has committed by the time its answer is
  // sent (or a job's run has returned), so what it queued (e-mails, webhook events) goes out now.
  const deliverCommitted = () => {
    mailer.flushIfQueued();
    webhookOutbox.flushIfQueued();
  };
  app.addHook('onResponse', async () => deliverCommitted());
  const emailContext = {
    publicUrl: config.publicUrl,
    productName: config.productName,
    supportEmail: config.supportEmail,
  };
  const accountsDeps = {
    db: database.db,
    tokens,
    botCheck: recaptchaBotCheck(config.recaptcha),
    orcid: orcidAdapter(config.orcid),
    mailer,
    email: emailContext,
  };

  const storage = config.s3
    ? await s3Storage(config.s3)
    : localStorage(`${config.dataDir}/files`, config.jwtSecret, config.publicUrl);
  app.decorate('fileStorage', storage);
  const scanner = config.clamav ? clamdScanner(config.clamav.host, config.clamav.port) : noVirusScan;
  // E-mails with attachments (decision documents) read them from storage when delivered.
  outbox.useAttachments(storedFileAttachments(database.db, storage));
  const files = createFilesService({
    db: database.db,
    storage,
    scanner,
    maxUploadBytes: config.uploadMaxBytes,
  });
  files.registerType('rda', rdaPolicy(files, displayName));
  app.decorate('fileTypes', { register: files.registerType });

  const institutions = createInstitutionsService({
    db: database.db,
    files,
    mailer,
    email: emailContext,
    storage,
    log: app.log,
  });
  const officials = createOfficialsService({
    db: database.db,
    mailer,
    botCheck: accountsDeps.botCheck,
    email: emailContext,
    institutions,
    queueVerification: (tx, user) => queueVerificationEmail(tx, accountsDeps, user),
  });
  const projects = createProjectsService({ db: database.db, storage, log: app.log });
  files.registerType('irb', irbPolicy(files));
  const catalogue = createCatalogueService({ db: database.db });
  for (const type of ['dataset_file', 'data_dictionary', 'release_notes'] as const) {
    files.registerType(type, datasetFilePolicy(type, catalogue));
  }
  app.decorate('demo', {
    attachDefaultRda: institutions.attachDefaultRda,
    attachIrb: demoIrb(files),
    storeDonorDocument: donorDocumentStore(files),
  });
  // Zendesk behind the request staff panel: the real API, else demo tickets outside production.
  const zendesk = config.zendesk
    ? zendeskApi(config.zendesk)
    : config.isProduction
      ? zendeskOff
      : localZendesk();
  const services = {
    institutions,
    accounts: {
      session: createSessionService(accountsDeps),
      registration: createRegistrationService(accountsDeps),
      password: createPasswordService(accountsDeps),
      profile: createProfileService(accountsDeps),
      emailAddresses: createEmailAddressesService(accountsDeps),
      officials,
    },
    notifications: createNotificationsService({ db: database.db, mailer, email: emailContext }),
    admin: createAdminService({
      client: {
        productName: config.productName,
        supportEmail: config.supportEmail,
        orcid: config.orcid,
        recaptcha: config.recaptcha,
        sentryDsn: config.sentryDsn,
      },
      database,
      fileStorage: storage.kind,
      liveInstances: () => countLiveInstances(database.db),
      serviceHealth: httpServiceHealth(config.externalServices, {
        standIns: {
          ...(zendesk.mode === 'local' ? { ZENDESK_API: LOCAL_ZENDESK_STAND_IN } : {}),
          ...(!config.binsUrl && !config.isProduction ? { BINS: LOCAL_BINS_STAND_IN } : {}),
        },
      }),
      virusScan: config.clamav ? 'configured' : 'not configured',
    }),
    catalogue,
    history: createHistoryService({ db: database.db }),
  };

  await app.register(accountsRoutes, services.accounts);
  // The user page and the admin user form (issue 16).
  await app.register(userAdminRoutes, {
    profile: services.accounts.profile,
    userAdmin: createUserAdminService(accountsDeps),
    contacts: createUserContactsService({ db: database.db }),
  });
  await app.register(filesRoutes, { files });
  await app.register(projectsRoutes, { projects });
  services.history.registerModel('project', {
    subject: projects.historySubject,
    format: projectHistoryFormat,
  });
  services.history.registerModel('institution', {
    subject: institutions.historySubject,
    format: institutionHistoryFormat,
  });
  await app.register(institutionsRoutes, { institutions: services.institutions });
  await app.register(officialsRoutes, { officials });
  await app.register(affiliationsRoutes, { affiliations: createAffiliationsService({ db: database.db }) });
  await app.register(searchRoutes, { search: createSearchService({ db: database.db }) });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(adminRoutes, { admin: services.admin });
  await app.register(catalogueRoutes, {
    catalogue: services.catalogue,
    publicCatalogue: createPublicCatalogueService({ db: database.db, storage }),
  });
  await app.register(historyRoutes, { history: services.history });

  // The e-mail composer; modules offer templates for their objects.
  const email = createEmailService({
    db: database.db,
    mailer,
    from: config.mail.from,
    supportEmail: config.supportEmail,
    botCheck: accountsDeps.botCheck,
    assertAttachable: files.assertAttachable,
  });
  email.registerTemplate(COMPLIANCE_TEMPLATE, complianceEmailTemplate(emailContext));
  await app.register(emailRoutes, { email });
  await app.register(complianceRoutes, { compliance: createComplianceService({ db: database.db, email }) });
  // Dynamic forms (/forms/{id}.json) and their remote option lists.
  const forms = createFormsService({ db: database.db, productName: config.productName });
  await app.register(formsRoutes, { forms });
  // The Autism BrainNet tissue network (issue 18): donors of the catalogue and the pilot set, and
  // the collections (inventory carts) of donors pilot and tissue requests ask for.
  const donors = createDonorsService({ db: database.db, storage });
  await app.register(donorsRoutes, { donors });
  const carts = createCartsService({ db: database.db, donors });
  await app.register(cartsRoutes, { carts });
  // Orders of approved tissue requests go to BINS: its API, else a local stand-in outside production.
  const bins = config.binsUrl
    ? binsApi({ url: config.binsUrl })
    : config.isProduction
      ? binsOff
      : localBins();
  await app.register(tissueOrdersRoutes, {
    orders: createTissueOrdersService({ db: database.db, bins, log: app.log }),
  });
  // The review cycles (issues 17, 18): one engine moves the chosen requests through the workflow,
  // as decisions of the staff member's role, for Research Match and the tissue network alike. A
  // decision to Under Review on a tissue request is Begin Review too (issue 29), so the requests
  // service is given it.
  const reviewCycles = createReviewCycleEngine({
    db: database.db,
    email,
    publicUrl: config.publicUrl,
    move: async (tx, request, to, actor, now) =>
      (await applyTransition(tx, { request, to, kind: 'decision', actor, by: actor, now })).row,
  });
  const tissueCycle = createTissueCycleService({
    db: database.db,
    cycles: reviewCycles,
    email,
    emailContext,
  });
  // Resource requests (issue 7); their forms are checked by the same validator as the web's.
  // Research Match applications start the staff's summary when submitted (issue 17); the summary
  // reads the request through the requests service, created first (the hook runs only on requests).
  const requests = createRequestsService({
    db: database.db,
    forms,
    files,
    email,
    emailContext,
    onResearchMatchSubmitted: (tx, requestId) => summaries.start(tx, requestId),
    carts: carts.forRequests,
    onUnderReview: tissueCycle.startedByDecision,
  });
  const summaries = createSummaryService({
    db: database.db,
    forms,
    requestSubject: (tx, id, actor) => requests.historySubject(tx, String(id), actor),
  });
  files.registerType(RESEARCH_MATCH_DOCUMENT, researchMatchDocumentsPolicy());
  // The tissue form's documents (atlas file, NIH biosketch) follow their pilot or tissue request.
  files.registerType(TISSUE_DOCUMENT, applicationDocumentsPolicy(CART_REQUEST_TYPES));
  // The staff panel of a request: reviewers, comments, Zendesk tickets (issue 8); the user pickers.
  const requestStaff = createRequestStaffService({
    db: database.db,
    zendesk,
    log: app.log,
    onReviewersAdded: tissueCycle.reviewersAdded,
  });
  await app.register(requestsRoutes, { requests, staff: requestStaff });
  // Decisions (issue 8): the workflow tables, decision e-mails and their documents.
  await app.register(decisionsRoutes, { requests });
  files.registerType('decision_docs', decisionDocsPolicy());
  services.history.registerModel('request', {
    subject: requests.historySubject,
    format: requestHistoryFormat(forms.find),
  });
  await app.register(requestStaffRoutes, { staff: requestStaff });
  await app.register(summaryRoutes, { summaries });
  // The Research Match review cycle (issue 17): reviews, conflicts, Start Review, the meeting, the report.
  const requestSubject = (tx: DbOrTx, id: number, actor: Actor) =>
    requests.historySubject(tx, String(id), actor);
  await app.register(reviewRoutes, {
    reviews: createReviewService({
      db: database.db,
      requestSubject,
      assign: (actor, input) => requestStaff.assignReviewer(actor, input),
    }),
    staff: requestStaff,
  });
  await app.register(reviewCycleRoutes, {
    cycle: createReviewCycleService({
      db: database.db,
      email,
      files,
      emailContext,
      requestSubject,
      cycles: reviewCycles,
    }),
  });
  await app.register(userListRoutes, { users: createUserListService({ db: database.db }) });
  // Renewals: the resource impact / renewal form and the renewal choice (issue 8).
  const renewals = createRenewalsService({
    db: database.db,
    forms,
    files,
    requestSnapshot,
    // A Research Match renewal sends the application back to Submitted through the workflow.
    submitForReview: async (tx, requestId, by, now) => {
      const row = await lockRequest(tx, requestId);
      if (row) await applyTransition(tx, { request: row, to: REQUEST_SUBMITTED, kind: 'renewal', by, now });
    },
  });
  await app.register(renewalsRoutes, { renewals });
  services.history.registerModel('renewal', { subject: renewals.historySubject });
  // A request's approval notice and application as PDFs (researcher §7 downloads).
  await app.register(requestDocumentsRoutes, {
    documents: createRequestDocumentsService({
      db: database.db,
      requests,
      forms,
      productName: config.productName,
      supportEmail: config.supportEmail,
    }),
  });

  await app.register(tissueCycleRoutes, { cycle: tissueCycle });

  await app.register(tissueReviewsRoutes, { reviews: createTissueReviewsService({ db: database.db }) });

  // Release notes (issue 16): superusers write and release them; releasing notifies every group.
  await app.register(releaseNotesRoutes, { releaseNotes: createReleaseNotesService({ db: database.db }) });
  await app.register(webhooksRoutes, {
    webhooks: createWebhooksService({ db: database.db, policy: config.webhooks }),
  });
  // Turnaround metrics from the requests' status history (issue 19).
  await app.register(insightsRoutes, { insights: createInsightsService({ db: database.db }) });
  // Reminders about stalled work, run by the job scheduler (issue 19).
  const reminderRuns = createRemindersService({ db: database.db, mailer, email: emailContext });
  const reminders = { ...reminderRuns, run: (now?: Date) => reminderRuns.run(now).finally(deliverCommitted) };
  await app.register(remindersRoutes, { reminders });
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
