import type { HealthCheckedService } from '@rrp/domain';

type ServiceHealthStatus = 'ok' | 'down' | 'not configured';

interface ServiceHealthReport {
  service: HealthCheckedService;
  status: ServiceHealthStatus;
  /** HTTP status of the probe, or the network error's code; never a URL or a credential. */
  detail: string | null;
  elapsed_ms: number | null;
}

/** One adapter for the five health-checked services; each is probed at its configured URL. */
export interface ServiceHealthAdapter {
  check(service: HealthCheckedService): Promise<ServiceHealthReport>;
}

export function httpServiceHealth(
  urls: Record<HealthCheckedService, string | undefined>,
  options: {
    timeoutMs?: number;
    /** What stands in for a service that is not configured (e.g. Zendesk's local demo tickets). */
    standIns?: Partial<Record<HealthCheckedService, string>>;
  } = {},
): ServiceHealthAdapter {
  const { timeoutMs = 5_000, standIns = {} } = options;
  return {
    async check(service) {
      const url = urls[service];
      if (!url)
        return { service, status: 'not configured', detail: standIns[service] ?? null, elapsed_ms: null };
      const started = performance.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
        await response.body?.cancel();
        return {
          service,
          status: response.status < 500 ? 'ok' : 'down',
          detail: `HTTP ${response.status}`,
          elapsed_ms: Math.round(performance.now() - started),
        };
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        return {
          service,
          status: 'down',
          detail: cause,
          elapsed_ms: Math.round(performance.now() - started),
        };
      }
    },
  };
}
