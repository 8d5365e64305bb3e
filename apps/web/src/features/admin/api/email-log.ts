import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailLogDto } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

export interface EmailLogFilters {
  page: number;
  pageSize: number;
  ordering: string;
  /** An e-mail status, or null for all. */
  status: EmailLogDto['status'] | null;
  template: string;
  /** Comma-separated ids of the objects the e-mails were about. */
  objectIds: string;
  search: string;
}

const KEY = ['email-logs'] as const;

/** GET email_logs/: by status, template, the objects they were about and subject. */
export function useEmailLogs(filters: EmailLogFilters) {
  return useQuery({
    queryKey: [...KEY, filters],
    queryFn: () =>
      apiFetch<ListPage<EmailLogDto>>('email_logs/', {
        query: {
          limit: filters.pageSize,
          offset: (filters.page - 1) * filters.pageSize,
          ordering: filters.ordering,
          status: filters.status ?? undefined,
          template: filters.template.trim() || undefined,
          object_ids: filters.objectIds.replace(/\s+/g, '') || undefined,
          search: filters.search.trim().length >= 2 ? filters.search.trim() : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<EmailLogDto>(`email_logs/${id}/resend/`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
