import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RenewalDto, RequestDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

/** The request being renewed, with its project (for the IRB) — GET request/{id}/?expand=project. */
export function useRenewalRequest(id: number) {
  return useQuery({
    queryKey: ['request', id, 'renewal'],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: () => apiFetch<RequestDto>(`request/${id}/`, { query: { expand: 'project' } }),
    retry: false,
  });
}

interface RenewalSubmission {
  request: number;
  type: number;
  agreed_to_usage_policy: boolean;
  additional_data: Record<string, unknown>;
}

/** POST renewal/: a 400 is left to the form (its field errors and non-field errors). */
export function useSubmitRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewalSubmission) =>
      apiFetch<RenewalDto>('renewal/', { method: 'POST', body, handleStatus: [400, 403] }),
    onSuccess: (renewal) => {
      void queryClient.invalidateQueries({ queryKey: ['renewals'] });
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
      void queryClient.invalidateQueries({ queryKey: ['request', renewal.request] });
    },
  });
}
