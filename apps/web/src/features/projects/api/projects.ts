import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateProject,
  FileDto,
  ProjectDto,
  ResearchTeamMemberDto,
  ResearchTeamMemberInput,
  UpdateProject,
  UserInstitutionDto,
} from '@rrp/domain';
import { LIMITS } from '@rrp/domain';
import { ApiError, apiFetch, type ListPage } from '@/lib/api-client';
import { historyQueryKey } from '@/components/history';

export type { ListPage } from '@/lib/api-client';

export interface ProjectFilters {
  page: number;
  pageSize: number;
  ordering: string;
  search: string;
}

/** The list call's query: one page, sorted, searched from 2 characters (researcher §9). */
export function projectListQuery(
  filters: ProjectFilters,
  limit = filters.pageSize,
  offset = (filters.page - 1) * filters.pageSize,
) {
  const search = filters.search.trim();
  return {
    limit,
    offset,
    ordering: filters.ordering,
    expand: 'owner,latest_irb',
    ...(search.length >= LIMITS.search.minChars ? { search } : {}),
  };
}

export function useProjects(filters: ProjectFilters) {
  return useQuery({
    queryKey: ['projects', filters],
    queryFn: () => apiFetch<ListPage<ProjectDto>>('project/', { query: projectListQuery(filters) }),
    placeholderData: keepPreviousData,
  });
}

export const projectQueryKey = (id: number) => ['project', id] as const;

/** Projects deleted in this session: their page must not be re-read while it closes. */
const deleted = new Set<number>();

export function useProject(id: number) {
  return useQuery({
    queryKey: projectQueryKey(id),
    enabled: !deleted.has(id),
    queryFn: () =>
      apiFetch<ProjectDto>(`project/${id}/`, { query: { expand: 'owner,latest_irb,institution,creator' } }),
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProject) => apiFetch<ProjectDto>('project/', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}

export function useUpdateProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UpdateProject>) =>
      apiFetch<ProjectDto>(`project/${id}/`, {
        method: 'PATCH',
        body,
        query: { expand: 'owner,latest_irb,institution,creator' },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(projectQueryKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: historyQueryKey('project', id) });
    },
  });
}

/** DELETE project/{id}/: a blocked deletion is a 400 the caller shows ('Unable to Delete Project'). */
export async function deleteProject(id: number) {
  await apiFetch<unknown>(`project/${id}/`, { method: 'DELETE' });
  deleted.add(id);
}

export const teamQueryKey = (projectId: number) => ['research-team', projectId] as const;

export function useResearchTeam(projectId: number | null) {
  return useQuery({
    queryKey: teamQueryKey(projectId ?? 0),
    queryFn: () =>
      apiFetch<ListPage<ResearchTeamMemberDto>>('research-team/', {
        query: { project_id: projectId!, expand: 'institution', limit: 200 },
      }),
    enabled: projectId !== null && !deleted.has(projectId),
  });
}

export function useSaveTeam(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (team: ResearchTeamMemberInput[]) =>
      apiFetch<unknown>('research-team/', {
        method: 'POST',
        body: { project_id: projectId, team: team.map((row) => ({ ...row, project_id: projectId })) },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamQueryKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: historyQueryKey('project', projectId) });
    },
  });
}

export interface UserOption {
  id: number;
  full_name: string;
  email: string;
}

/**
 * Researchers affiliated to institutions, when the user list (`GET user/`) is not served: the
 * server still refuses anyone who is not a primary researcher ('The Principal Investigator must be
 * a primary researcher.').
 */
async function affiliatedResearchers(term: string): Promise<ListPage<UserOption>> {
  const page = await apiFetch<ListPage<UserInstitutionDto>>('user-institution/', {
    query: { expand: 'user', limit: LIMITS.institutionLookupLimit },
  });
  const needle = term.toLowerCase();
  const byId = new Map<number, UserOption>();
  for (const link of page.results) {
    if (typeof link.user !== 'object') continue;
    const user = link.user;
    if (needle && !`${user.full_name} ${user.email}`.toLowerCase().includes(needle)) continue;
    byId.set(user.id, { id: user.id, full_name: user.full_name, email: user.email });
  }
  const results = [...byId.values()].slice(0, LIMITS.combobox.initialLimit);
  return { count: results.length, results };
}

/** Primary researchers matching a search, for the admin's PI picker. */
export function usePrincipalInvestigators(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['users', 'primary_researcher', term],
    queryFn: async () => {
      try {
        return await apiFetch<ListPage<UserOption>>('user/', {
          query: {
            groups__name: 'primary_researcher',
            ordering: 'last_name',
            limit: LIMITS.combobox.initialLimit,
            ...(term.length >= LIMITS.search.minChars ? { search: term } : {}),
          },
          handleStatus: [404, 405],
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 405))
          return affiliatedResearchers(term);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

/** POST file/ (multipart) of an IRB record; the project is omitted for a project not yet created. */
export function uploadIrb(input: {
  file: File;
  projectId: number | null;
  additionalData: Record<string, unknown>;
}) {
  const body = new FormData();
  body.append('type', 'irb');
  body.append('name', input.file.name);
  if (input.projectId !== null) body.append('project', String(input.projectId));
  body.append('additional_data', JSON.stringify(input.additionalData));
  body.append('file', input.file, input.file.name);
  return apiFetch<FileDto>('file/', { method: 'POST', body, handleStatus: [412, 413] });
}
