import type { RequestDatasetRef } from '@rrp/domain';
import type { RequestView } from '../api/requests';

/** The request's datasets when the call expanded them. */
export function expandedDatasets(request: RequestView): RequestDatasetRef[] {
  return request.datasets.filter((dataset): dataset is RequestDatasetRef => typeof dataset === 'object');
}

/** The request's samples, `{ id: amount }` in additional_data (researcher §3). */
export function requestedSamples(request: RequestView): [string, unknown][] {
  const samples = request.additional_data?.samples;
  if (Array.isArray(samples)) return samples.map((id) => [String(id), null]);
  if (samples && typeof samples === 'object') return Object.entries(samples as Record<string, unknown>);
  return [];
}
