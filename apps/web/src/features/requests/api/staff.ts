import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestCommentDto, ReviewUsersDto, ZendeskConversations } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { requestQueryKey, type ListPage } from './requests';

/**
 * The staff panel's calls (staff §3, §7): PUT review_users/, comments, Zendesk ticket ids and
 * their conversations. The reviewer picker's options are `components/reviewer-options`.
 */

export function useSetReviewers(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { users: (number | { id: number; reviewer_role: number })[]; confirm?: boolean }) =>
      apiFetch<ReviewUsersDto>(`request/${requestId}/review_users/`, {
        method: 'PUT',
        body: input,
        handleStatus: [409],
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: requestQueryKey(requestId) });
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
    },
  });
}

const commentsKey = (requestId: number) => ['request-comments', requestId] as const;

export function useRequestComments(requestId: number) {
  return useQuery({
    queryKey: commentsKey(requestId),
    queryFn: () =>
      apiFetch<ListPage<RequestCommentDto>>(`request/${requestId}/comments/`, { query: { limit: 200 } }),
  });
}

export function useAddComment(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiFetch<RequestCommentDto>(`request/${requestId}/comments/`, { method: 'POST', body: { text } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentsKey(requestId) }),
  });
}

export function useSetZendeskIds(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiFetch<{ zendesk_ticket_ids: string[] }>(`request/${requestId}/zendesk/`, {
        method: 'PATCH',
        body: { zendesk_ticket_ids: ids },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: requestQueryKey(requestId) }),
  });
}

/** GET zendesk_ticket/?ids=…: a failure is the panel's to show, not the app's error screen. */
export function useZendeskConversations(ids: readonly string[]) {
  return useQuery({
    queryKey: ['zendesk-tickets', ids],
    enabled: ids.length > 0,
    queryFn: () =>
      apiFetch<ZendeskConversations>('zendesk_ticket/', {
        query: { ids: ids.join(',') },
        handleStatus: [400, 502, 503],
      }),
    retry: false,
  });
}
