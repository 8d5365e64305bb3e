import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureToggleDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { featureTogglesQuery } from '@/lib/feature-toggles';

export function useFeatureToggles() {
  return useQuery(featureTogglesQuery);
}

/** PATCH feature-toggle/{id}/; the screens the feature switches read it again. */
export function useSwitchFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      apiFetch<FeatureToggleDto>(`feature-toggle/${id}/`, { method: 'PATCH', body: { enabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureTogglesQuery.queryKey }),
  });
}
