import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhook, UpdateWebhook, WebhookDeliveryDto, WebhookDto } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';
import type { ListState } from '@/components/data-table';

const KEY = ['webhooks'] as const;
const DELIVERIES = ['webhook-deliveries'] as const;

const paging = (state: ListState) => ({
  limit: state.pageSize,
  offset: (state.page - 1) * state.pageSize,
  ordering: state.ordering,
});

/** GET webhook/ */
export function useWebhooks(state: ListState) {
  return useQuery({
    queryKey: [...KEY, state],
    queryFn: () => apiFetch<ListPage<WebhookDto>>('webhook/', { query: paging(state) }),
    placeholderData: keepPreviousData,
  });
}

/** GET webhook_delivery/?endpoint= : one endpoint's delivery log, newest first. */
export function useWebhookDeliveries(endpoint: number, state: ListState) {
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: [...DELIVERIES, endpoint, state],
    queryFn: () =>
      apiFetch<ListPage<WebhookDeliveryDto>>('webhook_delivery/', { query: { ...paging(state), endpoint } }),
    placeholderData: keepPreviousData,
    // A delivery being posted or waiting for its retry changes on its own.
    refetchInterval: (query) =>
      query.state.data?.results.some(
        (delivery) => delivery.status === 'queued' || delivery.status === 'sending',
      )
        ? 3000
        : false,
  });
  // The endpoint's row shows its last delivery: when the log shows a delivery the row may not have
  // seen (one just posted, or settled since), the row is read again.
  const outcomes = deliveries.data?.results.map((delivery) => `${delivery.id}:${delivery.status}`).join();
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (outcomes !== undefined && outcomes !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: KEY });
    }
    seen.current = outcomes;
  }, [outcomes, queryClient]);
  return deliveries;
}

function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: DELIVERIES }),
      ]),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: CreateWebhook) => apiFetch<WebhookDto>('webhook/', { method: 'POST', body }));

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: UpdateWebhook & { id: number }) =>
    apiFetch<WebhookDto>(`webhook/${id}/`, { method: 'PATCH', body }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => apiFetch<void>(`webhook/${id}/`, { method: 'DELETE' }));

export const useSendTestEvent = () =>
  useWebhookMutation((id: number) => apiFetch<WebhookDeliveryDto>(`webhook/${id}/test/`, { method: 'POST' }));

export const useRetryDelivery = () =>
  useWebhookMutation((id: number) =>
    apiFetch<WebhookDeliveryDto>(`webhook_delivery/${id}/retry/`, { method: 'POST' }),
  );
