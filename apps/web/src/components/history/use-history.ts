import { useQuery } from '@tanstack/react-query';
import type { HistoryEntryDto } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

/** The audited models whose trails the app shows. */
export type HistoryModel = 'request' | 'project' | 'institution';

export const historyQueryKey = (model: HistoryModel, objectId: number) =>
  ['history', model, objectId] as const;

/** An object's audit trail, re-read every 2000 ms while it is shown (researcher §7 "Object history"). */
export function useHistory(model: HistoryModel, objectId: number, enabled = true) {
  return useQuery({
    queryKey: historyQueryKey(model, objectId),
    queryFn: () =>
      apiFetch<ListPage<HistoryEntryDto>>('history/', {
        query: { pk: objectId, model, expand: 'modifier', limit: 200 },
      }),
    enabled,
    refetchInterval: enabled ? 2000 : false,
  });
}
