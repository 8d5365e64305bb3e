import { useMemo } from 'react';
import type { ProjectDto } from '@rrp/domain';
import { useFeature } from '@/lib/feature-toggles';
import { useSession } from '@/lib/session';
import {
  useAbnDataRequestUnderReview,
  useEditedRequest,
  useProjectTeam,
  useWizardDatasets,
  useWizardProjects,
  useWizardSampleTypes,
} from './api';
import { researchMatchResource, tissueResources, visibleResources } from './rules';
import { datasetResource, sampleResource } from './from-request';

/**
 * What the wizard reads from the server: the projects, the resources the requester may pick, the
 * request being edited, and the chosen project with its PI and team.
 */
export function useWizardSources({
  staff,
  editId,
  projectId,
}: {
  staff: boolean;
  editId: number | null;
  projectId: number | null;
}) {
  const { user } = useSession();
  const edited = useEditedRequest(editId);
  const abnEpic = useFeature('abn_epic');
  const abnUnderReview = useAbnDataRequestUnderReview(abnEpic && !staff ? (user?.id ?? null) : null);
  const projects = useWizardProjects();
  const datasets = useWizardDatasets();
  const sampleTypes = useWizardSampleTypes();

  const projectList = projects.data?.results ?? [];
  const project: ProjectDto | null =
    projectList.find((item) => item.id === projectId) ??
    (edited.data && typeof edited.data.project === 'object' && edited.data.project.id === projectId
      ? (edited.data.project as unknown as ProjectDto)
      : null);
  const owner = project && typeof project.owner === 'object' ? project.owner : null;
  const team = useProjectTeam(projectId);
  // New members' institution picker offers the PI's institution first.
  const projectInstitution =
    project?.institution == null
      ? null
      : typeof project.institution === 'object'
        ? project.institution.id
        : project.institution;
  const preferredInstitutions = [
    ...new Set([projectInstitution, staff ? null : (user?.institutionId ?? null)]),
  ].filter((id): id is number => id !== null);

  // Researchers are held to their own approvals, restrictions and ABN access; staff filing for a
  // PI are not (the server checks the PI).
  const researcherId = staff || !user ? null : user.id;
  const abnApproved = user?.abn_approved ?? false;
  const resources = useMemo(() => {
    const all = [
      ...(datasets.data?.results ?? [])
        .filter((dataset) => dataset.is_latest && dataset.available)
        .map(datasetResource),
      ...(sampleTypes.data?.results ?? []).filter((sample) => sample.available).map(sampleResource),
      researchMatchResource(),
      ...tissueResources(),
    ];
    const requester =
      researcherId === null ? null : { abnApproved, abnDataRequestUnderReview: abnUnderReview };
    return visibleResources(all, project?.non_autism_research ?? false, { abnEpic, requester });
  }, [
    datasets.data,
    sampleTypes.data,
    project?.non_autism_research,
    abnEpic,
    researcherId,
    abnApproved,
    abnUnderReview,
  ]);

  return {
    edited,
    projects,
    datasets,
    sampleTypes,
    projectList,
    project,
    owner,
    team,
    members: team.data?.results ?? [],
    preferredInstitutions,
    resources,
    loading:
      projects.isPending ||
      datasets.isPending ||
      sampleTypes.isPending ||
      (editId !== null && edited.isPending),
    loadFailed: projects.isError || datasets.isError || sampleTypes.isError,
  };
}

export type WizardSources = ReturnType<typeof useWizardSources>;
