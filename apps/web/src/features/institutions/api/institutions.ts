import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInstitution,
  FileDto,
  InstitutionDeletionDto,
  InstitutionDto,
  UpdateInstitution,
} from '@rrp/domain';
import { apiFetch, type ListPage as Page } from '@/lib/api-client';
import { forgetDeletedAfterLeaving } from '@/lib/forget-deleted';
import { versionedRequest, type VersionedWrite } from '@/components/versioned-save';

export type { ListPage as Page } from '@/lib/api-client';

export interface InstitutionFilters {
  page: number;
  pageSize: number;
  ordering: string;
  statuses: string[];
  search: string;
}

export function institutionListQuery(
  filters: InstitutionFilters,
  limit = filters.pageSize,
  offset = (filters.page - 1) * filters.pageSize,
) {
  return {
    limit,
    offset,
    ordering: filters.ordering,
    expand: 'current_io',
    ...(filters.statuses.length ? { status__in: filters.statuses.join(',') } : {}),
    ...(filters.search.trim().length >= 2 ? { search: filters.search.trim() } : {}),
  };
}

export function useInstitutions(filters: InstitutionFilters) {
  return useQuery({
    queryKey: ['institutions', filters],
    queryFn: () => apiFetch<Page<InstitutionDto>>('institution/', { query: institutionListQuery(filters) }),
    placeholderData: keepPreviousData,
  });
}

export function useInstitution(id: number) {
  return useQuery({
    queryKey: ['institution', id],
    queryFn: () => apiFetch<InstitutionDto>(`institution/${id}/`, { query: { expand: 'current_io' } }),
  });
}

/** PATCH institution/{id}/; with `ifMatch` (the edit form) a 412 is left to the caller. */
export function useUpdateInstitution(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: VersionedWrite<UpdateInstitution>) =>
      apiFetch<InstitutionDto>(`institution/${id}/`, { method: 'PATCH', body, ...versionedRequest(ifMatch) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['institution', id], saved);
      void queryClient.invalidateQueries({ queryKey: ['institutions'] });
    },
  });
}

export function useCreateInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CreateInstitution>) =>
      apiFetch<InstitutionDto>('institution/', { method: 'POST', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['institution', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['institutions'] });
    },
  });
}

export function useDeactivateInstitution(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<InstitutionDto>(`institution/${id}/deactivate/`, { method: 'POST' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['institution', id], saved);
      void queryClient.invalidateQueries({ queryKey: ['institutions'] });
    },
  });
}

/** What deleting the institution would take with it, or which requests block it. */
export function useDeletionPreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['institution-deletion', id],
    queryFn: () => apiFetch<InstitutionDeletionDto>(`institution/${id}/deletion/`),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useDeleteInstitution(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`institution/${id}/`, { method: 'DELETE' }),
    // The screen navigates away first (see forgetDeletedAfterLeaving).
    onSuccess: () =>
      forgetDeletedAfterLeaving(queryClient, {
        remove: [['institution', id]],
        invalidate: [['institutions']],
      }),
  });
}

/** 'Add new RDA': a fresh default RDA becomes the institution's current one. */
export function useAddRda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (institutionId: number) =>
      apiFetch<InstitutionDto>(`institution/${institutionId}/rda/`, { method: 'POST' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['institution', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['institutions'] });
    },
  });
}

/** An RDA file with its content (base64) for the PDF viewer. */
/** An RDA file with its PDF; nothing is asked while there is none (an institution without an RDA). */
export function useRda(fileId: number | null) {
  return useQuery({
    queryKey: ['rda', fileId],
    queryFn: () => apiFetch<FileDto>(`file/${fileId}/`, { query: { base64: 'true' } }),
    enabled: fileId !== null,
  });
}

export function useUpdateRda(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<FileDto>(`file/${fileId}/`, { method: 'PATCH', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['rda', fileId], (previous: FileDto | undefined) => ({
        ...saved,
        base64: previous?.base64,
      }));
      void queryClient.invalidateQueries({ queryKey: ['institutions'] });
      void queryClient.invalidateQueries({ queryKey: ['institution'] });
    },
  });
}
