import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  type CreateUser,
  type DatasetAccessDto,
  type ProjectDto,
  type RequestDto,
  type UpdateUser,
  type UserDetailDto,
  type UserListItemDto,
} from '@rrp/domain';
import { apiFetch, buildUrl, type ListPage } from '@/lib/api-client';
import { versionedRequest, type VersionedWrite } from '@/components/versioned-save';

export interface UserFilters {
  page: number;
  pageSize: number;
  ordering: string;
  search: string;
  roles: string[];
  /** 'View PIs with no signed joinder'. */
  unsignedPis: boolean;
  institutions: string[];
}

/** The list's query as GET user/ (and its CSV, GET user/download/) take it. */
export function userListQuery(filters: UserFilters) {
  const roles = filters.unsignedPis ? ['primary_researcher'] : filters.roles;
  return {
    limit: filters.pageSize,
    offset: (filters.page - 1) * filters.pageSize,
    ordering: filters.ordering,
    ...(filters.search.trim().length >= LIMITS.search.minChars ? { search: filters.search.trim() } : {}),
    ...(roles.length ? { groups__name__in: roles.join(',') } : {}),
    ...(filters.unsignedPis ? { userinstitution__joinder_date__isnull: 'true' } : {}),
    ...(filters.institutions.length ? { institutions__id__in: filters.institutions.join(',') } : {}),
  };
}

export function useUsers(filters: UserFilters) {
  return useQuery({
    queryKey: ['users', filters],
    queryFn: () => apiFetch<ListPage<UserListItemDto>>('user/', { query: userListQuery(filters) }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Saves the filtered list as users.csv. The server streams the file; it is fetched with the
 * session's token (a plain link would carry none) and handed to the browser as a download.
 */
export async function downloadUsersCsv(filters: UserFilters, token: string | null, role: string | null) {
  const { limit: _limit, offset: _offset, ...query } = userListQuery(filters);
  const response = await fetch(buildUrl('user/download/', query, role), {
    headers: token ? { authorization: `JWT ${token}` } : {},
  });
  if (!response.ok) throw new Error('Could not download the users.');
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: 'users.csv' });
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useUser(id: number) {
  return useQuery({ queryKey: ['user', id], queryFn: () => apiFetch<UserDetailDto>(`user/${id}/`) });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUser) => apiFetch<UserDetailDto>('user/', { method: 'POST', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['user', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** PATCH user/{id}/; with `ifMatch` (the edit form) a 412 is left to the caller. */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: VersionedWrite<UpdateUser>) =>
      apiFetch<UserDetailDto>(`user/${id}/`, { method: 'PATCH', body, ...versionedRequest(ifMatch) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['user', id], saved);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useResendEmail(id: number) {
  return useMutation({
    mutationFn: (operation: 1 | 2) =>
      apiFetch<{ detail: string }>(`user/${id}/resend_email/`, { method: 'POST', body: { operation } }),
  });
}

/** Dataset access records fetched at once (staff §9 "Dataset-access fetch limit 1000"). */
const DATASET_ACCESS_LIMIT = 1000;
/** Projects and requests shown on a user page; the lists link to the rest. */
const USER_PAGE_LIMIT = 50;

/** The projects and requests a user owns (shown to staff who read every project and request). */
export function useWorkOf(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['work-of', userId],
    enabled,
    queryFn: async () => {
      const query = { owner: userId, limit: USER_PAGE_LIMIT };
      const [projects, requests] = await Promise.all([
        apiFetch<ListPage<ProjectDto>>('project/', { query: { ...query, ordering: 'title' } }),
        apiFetch<ListPage<RequestDto>>('request/', { query: { ...query, ordering: '-submission_date' } }),
      ]);
      return { projects, requests };
    },
  });
}

/** The user's datasets (access_admin and dataset staff, staff §6 "dataset access on user pages"). */
export function useDatasetAccessOf(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['dataset-access-of', userId],
    enabled,
    queryFn: () =>
      apiFetch<ListPage<DatasetAccessDto>>('datasetaccess/', {
        query: { user__in: userId, limit: DATASET_ACCESS_LIMIT, expand: 'dataset' },
      }),
  });
}
