import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DECISION_DOCS_FILE_TYPE,
  type DecisionEmail,
  type DecisionInputRaw,
  type FileDto,
  type RequestDecisions,
  type RequestDto,
} from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { historyQueryKey } from '@/components/history';

const decisionsQueryKey = (id: number) => ['request', id, 'decisions'] as const;

/** GET request/{id}/decisions/: the options open to the caller and the team's gaps. */
export function useDecisions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: decisionsQueryKey(id),
    enabled,
    queryFn: () => apiFetch<RequestDecisions>(`request/${id}/decisions/`),
    staleTime: 0,
  });
}

/** GET request/{id}/decision-email/?status=N: the decision's e-mail, prefilled. */
export function useDecisionEmail(id: number, status: number | null) {
  return useQuery({
    queryKey: ['request', id, 'decision-email', status],
    enabled: status !== null,
    queryFn: () => apiFetch<DecisionEmail>(`request/${id}/decision-email/`, { query: { status } }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST request/{id}/decision/; the request, its lists and the bell are read again after it. */
export function useSubmitDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionInputRaw) =>
      apiFetch<RequestDto>(`request/${id}/decision/`, { method: 'POST', body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['request', id] }),
        queryClient.invalidateQueries({ queryKey: ['requests'] }),
        queryClient.invalidateQueries({ queryKey: historyQueryKey('request', id) }),
      ]);
    },
  });
}

/** POST file/ (multipart) of a document attached to a decision e-mail (type decision_docs). */
export function uploadDecisionDocument(requestId: number, file: File) {
  const body = new FormData();
  body.append('type', DECISION_DOCS_FILE_TYPE);
  body.append('name', file.name);
  body.append('request', String(requestId));
  body.append('file', file, file.name);
  return apiFetch<FileDto>('file/', { method: 'POST', body, handleStatus: [400, 412, 413] });
}
