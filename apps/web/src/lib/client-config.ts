import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export interface ClientConfig {
  product_name: string;
  support_email: string;
  orcid: { client_id: string; authorize_url: string } | null;
  recaptcha: { v3_site_key: string | null; v2_site_key: string | null } | null;
  /** Error reporting (Sentry) for the browser; null when the server has none. */
  sentry_dsn: string | null;
}

/** The server's run-time settings for the browser (GET client-config/); they change only with a restart. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => apiFetch<ClientConfig>('client-config/'),
  staleTime: Infinity,
});

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}
