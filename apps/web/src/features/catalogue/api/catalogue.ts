import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_FETCH_LIMIT,
  DATASET_FILE_TYPES,
  LIMITS,
  type CreateDataset,
  type DatasetAccessDto,
  type DatasetAccessStatus,
  type DatasetAccessType,
  type DatasetDto,
  type FileDto,
  type PublicDatasetDto,
  type PublicResearcherDto,
  type PublicResearcherProfileDto,
  type SampleTypeDto,
  type SendEmailInput,
  type EmailLogDto,
  type UpdateDataset,
} from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';
import { versionedRequest, type VersionedWrite } from '@/components/versioned-save';

export type { ListPage } from '@/lib/api-client';

const searchTerm = (search: string) => {
  const term = search.trim();
  return term.length >= LIMITS.search.minChars ? term : undefined;
};

interface DatasetFilters {
  page: number;
  pageSize: number;
  ordering: string;
  search: string;
  /** An origin id, or null for all. */
  origin: number | null;
  /** true / false, or null for all (not offered to researchers). */
  available: boolean | null;
}

/** GET dataset/: one page of the latest versions, sorted and searched in SQL. */
export function useDatasets(filters: DatasetFilters) {
  return useQuery({
    queryKey: ['datasets', filters],
    queryFn: () =>
      apiFetch<ListPage<DatasetDto>>('dataset/', {
        query: {
          limit: filters.pageSize,
          offset: (filters.page - 1) * filters.pageSize,
          ordering: filters.ordering,
          expand: 'cohort',
          is_latest: true,
          search: searchTerm(filters.search),
          origin: filters.origin ?? undefined,
          available: filters.available ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

const readDataset = (id: string) =>
  apiFetch<DatasetDto>(`dataset/${encodeURIComponent(id)}/`, { query: { expand: 'cohort,data_file' } });

const datasetKey = (id: string, byUuid: boolean) => ['dataset', byUuid ? 'uuid' : 'id', id] as const;

/**
 * One dataset: by its row id, or by its `dataset_id` (UUID, shared by its versions) which opens the
 * latest version. Visitors read the public catalogue instead.
 */
export function useDataset(
  id: string,
  byUuid: boolean,
  signedIn: boolean,
  enabled = true,
  /** Read the version itself (`dataset/{id}/`), whose `ETag` an edit sends back (`If-Match`). */
  versioned = false,
) {
  return useQuery({
    queryKey: [...datasetKey(id, byUuid), signedIn, versioned],
    enabled,
    queryFn: async (): Promise<DatasetDto | PublicDatasetDto | null> => {
      if (!signedIn) {
        return apiFetch<PublicDatasetDto>(`public/dataset/${encodeURIComponent(id)}/`, {
          handleStatus: [404],
        });
      }
      if (byUuid) {
        const page = await apiFetch<ListPage<DatasetDto>>('dataset/', {
          query: { dataset_id: id, is_latest: true, expand: 'cohort,data_file', limit: 1 },
        });
        const latest = page.results[0] ?? null;
        // A dataset found by its UUID has no version of its own to send back: read its row.
        return latest && versioned ? readDataset(String(latest.id)) : latest;
      }
      return readDataset(id);
    },
    retry: false,
  });
}

/** Latest datasets for pickers (related datasets), up to the catalogue fetch limit. */
export function useDatasetOptions(enabled = true) {
  return useQuery({
    queryKey: ['datasets', 'options'],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<DatasetDto>>('dataset/', {
        query: { limit: CATALOGUE_FETCH_LIMIT, is_latest: true, ordering: 'name' },
      }),
    staleTime: 60_000,
  });
}

function invalidateDatasets(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: ['datasets'] });
  void queryClient.invalidateQueries({ queryKey: ['dataset'] });
  void queryClient.invalidateQueries({ queryKey: ['public-datasets'] });
}

export function useCreateDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDataset) => apiFetch<DatasetDto>('dataset/', { method: 'POST', body }),
    onSuccess: () => invalidateDatasets(queryClient),
  });
}

/** PATCH dataset/{id}/ (edit details); with `ifMatch` a 412 is left to the caller. */
export function useUpdateDataset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: VersionedWrite<Partial<UpdateDataset>>) =>
      apiFetch<DatasetDto>(`dataset/${id}/`, { method: 'PATCH', body, ...versionedRequest(ifMatch) }),
    onSuccess: () => invalidateDatasets(queryClient),
  });
}

/** POST dataset/{id}/new_version/: the whole form again; the server increments the version. */
export function useNewDatasetVersion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDataset) =>
      apiFetch<DatasetDto>(`dataset/${id}/new_version/`, { method: 'POST', body }),
    onSuccess: () => invalidateDatasets(queryClient),
  });
}

export type DatasetFileKind = keyof typeof DATASET_FILE_TYPES;

/**
 * POST file/ (multipart) of a catalogue file: the data file before the dataset exists, the data
 * dictionary and release notes for a saved dataset (`dataset`), which attaches them.
 */
export function uploadDatasetFile(kind: DatasetFileKind, file: File, datasetId: number | null) {
  const body = new FormData();
  body.append('type', DATASET_FILE_TYPES[kind]);
  body.append('name', file.name);
  if (datasetId !== null) body.append('dataset', String(datasetId));
  body.append('file', file, file.name);
  return apiFetch<FileDto>('file/', { method: 'POST', body, handleStatus: [412, 413, 503] });
}

export function useSendDatasetEmail() {
  return useMutation({
    mutationFn: (body: SendEmailInput) => apiFetch<EmailLogDto>('email/', { method: 'POST', body }),
  });
}

// Restricted resources

export function useRestrictedDatasets(enabled = true) {
  return useQuery({
    queryKey: ['datasets', 'restricted'],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<DatasetDto>>('dataset/', {
        query: { limit: CATALOGUE_FETCH_LIMIT, is_latest: true, expand: 'cohort', ordering: 'name' },
      }),
  });
}

export function useSampleTypes(enabled = true) {
  return useQuery({
    queryKey: ['sample-types'],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<SampleTypeDto>>('sample-type/', {
        query: { limit: 100, expand: 'cohorts', ordering: 'name' },
      }),
  });
}

export function useSaveAllowedUsers(kind: 'dataset' | 'sample-type', id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowedUsers: string[]) =>
      apiFetch<DatasetDto | SampleTypeDto>(`${kind}/${id}/`, {
        method: 'PATCH',
        body: { allowed_users: allowedUsers },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: kind === 'dataset' ? ['datasets'] : ['sample-types'] });
    },
  });
}

// Dataset access

/** Access records of one dataset (by its row id), with their users inlined. */
export function useDatasetAccess(datasetId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['datasetaccess', datasetId],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<DatasetAccessDto>>('datasetaccess/', {
        query: { dataset: datasetId, expand: 'user', limit: CATALOGUE_FETCH_LIMIT },
      }),
  });
}

interface DatasetResearcher {
  id: number;
  display_name: string;
  email: string;
}

/** Researchers associated with a dataset: those on its approved requests (GET dataset/{id}/researchers/). */
export function useDatasetResearchers(datasetId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['dataset-researchers', datasetId],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<DatasetResearcher>>(`dataset/${datasetId}/researchers/`, {
        query: { limit: CATALOGUE_FETCH_LIMIT },
      }),
  });
}

export function useChangeAccess(datasetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: {
      record: DatasetAccessDto | null;
      user: number;
      access_type: DatasetAccessType;
      status: DatasetAccessStatus;
    }) =>
      change.record
        ? apiFetch<DatasetAccessDto>(`datasetaccess/${change.record.id}/`, {
            method: 'PATCH',
            body: { status: change.status },
          })
        : apiFetch<DatasetAccessDto>('datasetaccess/', {
            method: 'POST',
            body: {
              user: change.user,
              dataset: datasetId,
              access_type: change.access_type,
              status: change.status,
            },
          }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['datasetaccess', datasetId] });
      void queryClient.invalidateQueries({ queryKey: ['dataset-researchers', datasetId] });
    },
  });
}

// Public pages

interface PublicDatasetFilters {
  search: string;
  simonsOnly: boolean;
  types: number[];
  cohorts: number[];
}

export function usePublicDatasets(filters: PublicDatasetFilters) {
  return useQuery({
    queryKey: ['public-datasets', filters],
    queryFn: () =>
      apiFetch<ListPage<PublicDatasetDto>>('public/dataset/', {
        query: {
          limit: CATALOGUE_FETCH_LIMIT,
          ordering: 'order,name',
          search: searchTerm(filters.search),
          origin: filters.simonsOnly ? 1 : undefined,
          type__in: filters.types.length ? filters.types.join(',') : undefined,
          cohort__in: filters.cohorts.length ? filters.cohorts.join(',') : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

interface PublicResearcherFilters {
  page: number;
  pageSize: number;
  ordering: string;
  search: string;
}

export function usePublicResearchers(filters: PublicResearcherFilters) {
  return useQuery({
    queryKey: ['public-researchers', filters],
    queryFn: () =>
      apiFetch<ListPage<PublicResearcherDto>>('public/user/', {
        query: {
          limit: filters.pageSize,
          offset: (filters.page - 1) * filters.pageSize,
          ordering: filters.ordering,
          search: searchTerm(filters.search),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePublicResearcher(id: string) {
  return useQuery({
    queryKey: ['public-researcher', id],
    queryFn: () => apiFetch<PublicResearcherProfileDto>(`public/user/${encodeURIComponent(id)}/`),
    retry: false,
  });
}
