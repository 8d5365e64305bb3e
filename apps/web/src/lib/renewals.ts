import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  addMonthsUtc,
  EXPIRY_WINDOW_MONTHS,
  irbNeedsUpdate,
  OPEN_RENEWAL_STATUSES,
  RECONTACT_TYPES,
  RENEWABLE_STATUSES,
  renewalWindowOpen,
  RENEWAL_MESSAGES,
  type ProjectDto,
  type RenewalDto,
  type RequestDto,
  type RequestStatusId,
  type UpdateRenewalInput,
} from '@rrp/domain';
import { apiFetch } from './api-client';
import type { ListPage as Page } from '@/lib/api-client';

/** The renewals of one request, newest first (GET renewal/?request=). */
export function useRequestRenewals(requestId: number | null) {
  return useQuery({
    queryKey: ['renewals', 'request', requestId],
    enabled: requestId !== null,
    queryFn: () =>
      apiFetch<Page<RenewalDto>>('renewal/', {
        query: { request: requestId!, ordering: '-created', limit: 100 },
      }),
  });
}

export const isOpenRenewal = (renewal: Pick<RenewalDto, 'status'>) =>
  OPEN_RENEWAL_STATUSES.includes(renewal.status as RequestStatusId);

/**
 * Whether the owner may open the renewal form now: an approved or fulfilled request within six
 * months of expiry or after it, with no renewal awaiting review (the server's rules, decision 085).
 */
export function mayRenew(
  request: Pick<RequestDto, 'status' | 'expiration_date' | 'type'>,
  renewals: readonly Pick<RenewalDto, 'status'>[],
  now = new Date(),
): boolean {
  // Research Match applications are renewed whenever approved (decision 165), through their own form.
  const researchMatch = RECONTACT_TYPES.includes(request.type);
  return (
    RENEWABLE_STATUSES.includes(request.status as RequestStatusId) &&
    (researchMatch || renewalWindowOpen(request.expiration_date, now)) &&
    !renewals.some(isOpenRenewal)
  );
}

/** Where the owner files a renewal: Research Match applications have their own form (researcher §2). */
export const renewalPath = (request: Pick<RequestDto, 'id' | 'type'>) =>
  `/request/${request.id}/${RECONTACT_TYPES.includes(request.type) ? 'rm-renewal' : 'renewal'}`;

/** 'Your sunset date expired on {date}' once a request's expiration date has passed (staff §8). */
export function sunsetNotice(expirationDate: string | null | undefined, now = Date.now()): string | null {
  if (!expirationDate) return null;
  const at = new Date(expirationDate).getTime();
  if (Number.isNaN(at) || at > now) return null;
  return RENEWAL_MESSAGES.sunsetExpired(formatDate(expirationDate));
}

/** 'Your IRB document expired on {date}' once the latest IRB's renewal date has come (staff §8). */
export function irbNotice(renewalDate: string | null | undefined, now = Date.now()): string | null {
  if (!renewalDate) return null;
  const at = Date.parse(`${renewalDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(at) || at > now) return null;
  return RENEWAL_MESSAGES.irbExpired(formatDate(renewalDate));
}

/** YYYY-MM-DD of the day six months from now (UTC): the dashboard's window. */
function windowEnd(now = new Date()): string {
  return addMonthsUtc(now, EXPIRY_WINDOW_MONTHS).toISOString().slice(0, 10);
}

/**
 * What the Project Updates Dashboard reads: the user's approved and fulfilled requests expiring
 * within six months (or expired), their open renewals, and their projects whose IRB has expired or
 * expires within 60 days. The home's notices read only the first few expired (expiry-notices.tsx).
 */
function projectUpdatesQueries(userId: number | null) {
  return [
    queryOptions({
      queryKey: ['requests', 'expiring', userId],
      enabled: userId !== null,
      queryFn: () =>
        apiFetch<Page<RequestDto>>('request/', {
          query: {
            owner: userId!,
            status__in: RENEWABLE_STATUSES.join(','),
            expiration_date__lte: windowEnd(),
            ordering: 'expiration_date',
            limit: 200,
          },
        }),
    }),
    queryOptions({
      queryKey: ['renewals', 'open', userId],
      enabled: userId !== null,
      queryFn: () =>
        apiFetch<Page<RenewalDto>>('renewal/', {
          query: { owner: userId!, status__in: OPEN_RENEWAL_STATUSES.join(','), limit: 200 },
        }),
    }),
    queryOptions({
      queryKey: ['projects', 'irb-updates', userId],
      enabled: userId !== null,
      queryFn: () =>
        apiFetch<Page<ProjectDto>>('project/', {
          query: { owner: userId!, ordering: 'irb_renewal_date', limit: 200 },
        }),
    }),
  ] as const;
}

/** The project updates of `userId` (projectUpdatesQueries), as the dashboard uses them. */
export function useProjectUpdates(userId: number | null) {
  const [requests, renewals, projects] = useQueries({ queries: projectUpdatesQueries(userId) });
  const now = new Date();
  return {
    isLoading: requests.isLoading || renewals.isLoading || projects.isLoading,
    isError: requests.isError || renewals.isError || projects.isError,
    requests: (requests.data?.results ?? []).filter((request) => request.expiration_date),
    openRenewalRequestIds: new Set((renewals.data?.results ?? []).map((renewal) => renewal.request)),
    projects: (projects.data?.results ?? []).filter((project) =>
      irbNeedsUpdate(project.irb_renewal_date, now),
    ),
  };
}

/** PATCH renewal/{id}/: staff set a renewal's status; the owner edits its answers. */
export function useUpdateRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateRenewalInput) =>
      apiFetch<RenewalDto>(`renewal/${id}/`, { method: 'PATCH', body, handleStatus: [400, 403] }),
    onSuccess: (renewal) => {
      void queryClient.invalidateQueries({ queryKey: ['renewals'] });
      void queryClient.invalidateQueries({ queryKey: ['request', renewal.request] });
    },
  });
}

/** One renewal (GET renewal/{id}/), e.g. to edit it. */
export function useRenewal(id: number | null) {
  return useQuery({
    queryKey: ['renewals', 'one', id],
    enabled: id !== null,
    queryFn: () => apiFetch<RenewalDto>(`renewal/${id}/`),
    retry: false,
  });
}
