import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReleaseNoteInput, ReleaseNoteDto, UpdateReleaseNote } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

const KEY = ['release-notes'] as const;

/** Every note the caller may see, newest first (the release selector). */
export function useReleaseNotes() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<ListPage<ReleaseNoteDto>>('release_note/', { query: { limit: 500 } }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateReleaseNote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateReleaseNoteInput) =>
      apiFetch<ReleaseNoteDto>('release_note/', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateReleaseNote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateReleaseNote & { id: number }) =>
      apiFetch<ReleaseNoteDto>(`release_note/${id}/`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteReleaseNote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`release_note/${id}/`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
