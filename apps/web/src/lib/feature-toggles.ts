import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCode, FeatureToggleDto } from '@rrp/domain';
import { apiFetch, type ListPage } from './api-client';

/** The feature toggles (GET feature-toggle/), read by the screens they switch and by their admin screen. */
export const featureTogglesQuery = queryOptions({
  queryKey: ['feature-toggles'],
  queryFn: () => apiFetch<ListPage<FeatureToggleDto>>('feature-toggle/', { query: { limit: 100 } }),
  staleTime: 60_000,
});

/** Whether a feature toggle (abn_epic, biospecimen_epic) is on; signed-in users may read them. */
export function useFeature(code: FeatureCode, enabled = true): boolean {
  const toggles = useQuery({ ...featureTogglesQuery, enabled });
  return toggles.data?.results.some((toggle) => toggle.feature_code === code && toggle.enabled) ?? false;
}
