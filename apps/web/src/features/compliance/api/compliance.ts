import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ComplianceSummaryDto,
  EmailInfoDto,
  EmailLogDto,
  InstitutionComplianceDto,
  SendEmailInput,
} from '@rrp/domain';
import { apiFetch, type ListPage as Page } from '@/lib/api-client';

export type { ListPage as Page } from '@/lib/api-client';

interface ComplianceFilters {
  page: number;
  pageSize: number;
  ordering: string;
  /** A compliance status id, or null for every institution. */
  status: number | null;
  search: string;
}

const searchTerm = (search: string) => (search.trim().length >= 2 ? search.trim() : undefined);

export function useComplianceList(filters: ComplianceFilters, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['compliance', 'list', filters],
    queryFn: () =>
      apiFetch<Page<InstitutionComplianceDto>>('institution-compliance/', {
        query: {
          limit: filters.pageSize,
          offset: (filters.page - 1) * filters.pageSize,
          // Within a status, the anniversary the status is about comes first.
          ordering: /^-?compliance_status$/.test(filters.ordering)
            ? `${filters.ordering},current_anniversary`
            : filters.ordering,
          compliance_status: filters.status ?? undefined,
          search: searchTerm(filters.search),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useComplianceSummary(search: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['compliance', 'summary', searchTerm(search) ?? ''],
    queryFn: () =>
      apiFetch<ComplianceSummaryDto>('institution-compliance/summary/', {
        query: { search: searchTerm(search) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Staff acknowledge an institution's compliance state (PATCH institution/{id} admin_acknowledge). */
export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (institutionId: number) =>
      apiFetch(`institution/${institutionId}/`, { method: 'PATCH', body: { admin_acknowledge: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['compliance'] }),
  });
}

export const COMPLIANCE_TEMPLATE = 'compliance';
export const COMPLIANCE_MODEL = 'institution';

/** The compliance e-mail drafted by the server for one institution. */
export function useComplianceDraft(institutionId: number | null) {
  return useQuery({
    queryKey: ['email-draft', COMPLIANCE_TEMPLATE, institutionId],
    queryFn: () =>
      apiFetch<EmailInfoDto>('email/', {
        query: { email_type: COMPLIANCE_TEMPLATE, model_name: COMPLIANCE_MODEL, obj_ids: institutionId },
      }),
    enabled: institutionId !== null,
    // Always the latest state of the institution when the composer opens.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEmailInput) => apiFetch<EmailLogDto>('email/', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['compliance'] }),
  });
}
