import { useQuery } from '@tanstack/react-query';
import type {
  CreateRequestInput,
  DatasetDto,
  ProjectDto,
  RequestDto,
  ResearchTeamMemberDto,
  SampleTypeDto,
  SampleValidation,
  SaveResearchTeam,
  UpdateProject,
  UpdateRequestInput,
  ValidateSamplesResult,
} from '@rrp/domain';
import { CATALOGUE_FETCH_LIMIT, sampleIdBatches } from '@rrp/domain';
import { ABN_DATA_REQUEST_TYPE, ABN_REVIEW_STATUSES } from '@rrp/domain/resource-access';
import { FORM_MESSAGES, parseFormSchema, type FormSchema } from '@rrp/domain/forms';
import { apiFetch, type ListPage } from '@/lib/api-client';

/** The projects the picker offers: the server answers a researcher's own, every project to admins. */
export function useWizardProjects() {
  return useQuery({
    queryKey: ['projects', 'wizard'],
    queryFn: () =>
      apiFetch<ListPage<ProjectDto>>('project/', {
        query: { limit: 1000, ordering: 'title', expand: 'owner,latest_irb' },
      }),
  });
}

/** The latest version of every dataset the user may see (fetch limit 1000, researcher §9). */
export function useWizardDatasets() {
  return useQuery({
    queryKey: ['datasets', 'wizard'],
    queryFn: () =>
      apiFetch<ListPage<DatasetDto>>('dataset/', {
        query: { limit: CATALOGUE_FETCH_LIMIT, is_latest: true, ordering: 'name', expand: 'cohort' },
      }),
  });
}

export function useWizardSampleTypes() {
  return useQuery({
    queryKey: ['sample-types', 'wizard'],
    queryFn: () =>
      apiFetch<ListPage<SampleTypeDto>>('sample-type/', {
        query: { limit: CATALOGUE_FETCH_LIMIT, ordering: 'name', expand: 'cohorts' },
      }),
  });
}

export function useProjectTeam(projectId: number | null) {
  return useQuery({
    queryKey: ['research-team', projectId],
    enabled: projectId !== null,
    queryFn: () =>
      apiFetch<ListPage<ResearchTeamMemberDto>>('research-team/', {
        query: { project_id: projectId!, limit: 1000, expand: 'institution' },
      }),
  });
}

/** A resource-detail form document (`/forms/{id}.json`). */
async function fetchFormSchema(id: string): Promise<FormSchema> {
  const path = `/forms/${encodeURIComponent(id)}.json`;
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: 'application/json' } });
  } catch {
    throw new Error(FORM_MESSAGES.loadError);
  }
  if (!response.ok) throw new Error(FORM_MESSAGES.loadFailed(path));
  const form = parseFormSchema(await response.json().catch(() => null));
  if (!form) throw new Error(FORM_MESSAGES.invalidSchema);
  return form;
}

export function useFormSchemas(ids: readonly string[]) {
  return useQuery({
    queryKey: ['form-schemas', ...ids],
    queryFn: () => Promise.all(ids.map(fetchFormSchema)),
    staleTime: 60_000,
    retry: false,
  });
}

export type SampleResult = SampleValidation;

/** Validates sample ids against the server, 100 at a time; answers a result per id. */
export async function validateSamples(
  sampleType: number,
  ids: readonly string[],
): Promise<Record<string, SampleResult>> {
  const results: Record<string, SampleResult> = {};
  for (const batch of sampleIdBatches(ids)) {
    const answer = await apiFetch<ValidateSamplesResult>('validateSamples/', {
      method: 'POST',
      body: { sample_type: sampleType, ids: batch },
    });
    for (const result of answer.results) results[result.id] = result;
  }
  return results;
}

export function createRequest(body: CreateRequestInput): Promise<RequestDto> {
  return apiFetch<RequestDto>('request/', { method: 'POST', body });
}

export type ProjectChanges = Partial<
  Pick<UpdateProject, 'title' | 'abstract' | 'public_title' | 'public_abstract'>
>;

/** PATCH project/{id}/ with the fields that changed (the wizard's inline project form). */
export function updateProject(id: number, body: ProjectChanges): Promise<ProjectDto> {
  return apiFetch<ProjectDto>(`project/${id}/`, { method: 'PATCH', body });
}

export function updateRequest(id: number, body: UpdateRequestInput): Promise<RequestDto> {
  return apiFetch<RequestDto>(`request/${id}/`, { method: 'PATCH', body });
}

/** An existing request to edit (Revisions Requested or Deferred). */
export function useEditedRequest(id: number | null) {
  return useQuery({
    queryKey: ['request', id, 'wizard'],
    enabled: id !== null,
    queryFn: () => apiFetch<RequestDto>(`request/${id}/`, { query: { expand: 'project,datasets' } }),
  });
}

/** Saves a project's whole team (POST research-team/); answers its rows. */
export function saveProjectTeam(body: SaveResearchTeam): Promise<ResearchTeamMemberDto[]> {
  return apiFetch<ResearchTeamMemberDto[]>('research-team/', { method: 'POST', body });
}

/**
 * Whether this researcher has an ABN data request under review (decision 091): asked only while
 * ABN resources are offered (abn_epic), for the researcher filing for themselves.
 */
export function useAbnDataRequestUnderReview(ownerId: number | null): boolean {
  const found = useQuery({
    queryKey: ['requests', 'abn-data-under-review', ownerId],
    enabled: ownerId !== null,
    queryFn: () =>
      apiFetch<ListPage<RequestDto>>('request/', {
        query: {
          type: ABN_DATA_REQUEST_TYPE,
          status__in: ABN_REVIEW_STATUSES.join(','),
          owner: ownerId!,
          limit: 1,
        },
      }),
    staleTime: 60_000,
  });
  return (found.data?.count ?? 0) > 0;
}
