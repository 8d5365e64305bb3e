import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettingDto, UpdateReminderSetting } from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';

const KEY = ['reminder-settings'] as const;

/** GET reminder-setting/ */
export function useReminderSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<ListPage<ReminderSettingDto>>('reminder-setting/', { query: { limit: 100 } }),
  });
}

/** PATCH reminder-setting/{id}/ */
export function useUpdateReminderSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateReminderSetting & { id: number }) =>
      apiFetch<ReminderSettingDto>(`reminder-setting/${id}/`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
