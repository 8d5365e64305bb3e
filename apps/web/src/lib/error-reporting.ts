import type * as SentryModuleType from '@sentry/react';
import { NO_PERSONAL_DATA_COLLECTION, scrubErrorEvent } from '@rrp/domain';

type SentryModule = typeof SentryModuleType;

/** Loaded only when the server configures a DSN, so the app without one carries none of it. */
let sentry: Promise<SentryModule> | null = null;

/**
 * Starts browser error reporting with the DSN from client-config (decision 123): uncaught errors
 * and rejections, and what `reportError` is given, without personal data (no user, no
 * breadcrumbs, e-mail addresses and tokens masked). Only the first call does anything.
 */
export function startErrorReporting(dsn: string): Promise<void> {
  sentry ??= import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      dataCollection: NO_PERSONAL_DATA_COLLECTION,
      beforeBreadcrumb: () => null,
      beforeSend: (event) => scrubErrorEvent(event),
    });
    return Sentry;
  });
  return sentry.then(() => undefined);
}

/**
 * Reports an error a screen caught (the route error screen). An API error carries the server's
 * correlation id as a tag, so the browser's report and the server's can be put side by side.
 */
export async function reportError(error: unknown): Promise<void> {
  if (!sentry) return;
  const Sentry = await sentry;
  const correlationId =
    error && typeof error === 'object' && 'correlationId' in error && typeof error.correlationId === 'string'
      ? error.correlationId
      : undefined;
  Sentry.withScope((scope) => {
    if (correlationId) scope.setTag('correlation_id', correlationId);
    Sentry.captureException(error);
  });
}

/** Sends what is queued (tests, and before a reload). */
export async function flushErrorReports(): Promise<void> {
  if (sentry) await (await sentry).flush(2_000);
}
