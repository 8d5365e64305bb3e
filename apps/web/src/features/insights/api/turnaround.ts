import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TurnaroundDto } from '@rrp/domain';
import { apiFetch, buildUrl } from '@/lib/api-client';

/** The period and request type the screen asks for; empty values take the server's defaults. */
export interface TurnaroundFilters {
  from: string;
  to: string;
  type: string;
}

const turnaroundQuery = (filters: TurnaroundFilters) => ({
  from: filters.from || undefined,
  to: filters.to || undefined,
  type: filters.type || undefined,
});

/** GET insights/turnaround/ */
export function useTurnaround(filters: TurnaroundFilters) {
  return useQuery({
    queryKey: ['turnaround', filters],
    queryFn: () => apiFetch<TurnaroundDto>('insights/turnaround/', { query: turnaroundQuery(filters) }),
    placeholderData: keepPreviousData,
    // A period the server refuses is shown on its fields, not retried.
    retry: false,
  });
}

/**
 * Saves the figures as the server's CSV file (GET insights/turnaround/download/), fetched with the
 * session's token (a plain link would carry none) and handed to the browser as a download.
 */
export async function downloadTurnaroundCsv(
  filters: TurnaroundFilters,
  token: string | null,
  role: string | null,
): Promise<void> {
  const response = await fetch(buildUrl('insights/turnaround/download/', turnaroundQuery(filters), role), {
    headers: token ? { authorization: `JWT ${token}` } : {},
  });
  if (!response.ok) throw new Error('Could not download the figures.');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name ?? 'turnaround.csv' });
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
