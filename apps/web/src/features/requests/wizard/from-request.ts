import {
  RESEARCH_MATCH_TYPE,
  TISSUE_NETWORK_TYPES,
  type DatasetDto,
  type RequestDto,
  type SampleTypeDto,
} from '@rrp/domain';
import type { FormValues } from '@rrp/domain/forms';
import {
  detailFormIds,
  DISABLED_REASONS,
  RESEARCH_MATCH_FORM_ID,
  researchMatchResource,
  tissueResources,
  type Resource,
} from './rules';
import { emptyWizard, type UsageAnswers, type WizardData } from './state';

const DATASET_GROUPS: Record<string, string> = {
  Phenotype: 'Phenotype Data',
  Genetic: 'Genetic Data',
  Imaging: 'Imaging/EEG Data',
};

const cohortName = (dataset: DatasetDto) =>
  dataset.cohort_name ?? (dataset.cohort && typeof dataset.cohort === 'object' ? dataset.cohort.name : null);

export function datasetResource(dataset: DatasetDto): Resource {
  return {
    key: `dataset-${dataset.id}`,
    kind: 'dataset',
    id: dataset.id,
    name: dataset.name,
    group: DATASET_GROUPS[dataset.type_name] ?? 'Other Resources',
    cohort: cohortName(dataset),
    cohorts: cohortName(dataset) ? [cohortName(dataset)!] : [],
    accessionId: dataset.accession_id,
    fileSize: dataset.file_size,
    releaseDate: dataset.release_date,
    formCode: null,
    accessTypes: dataset.access_types,
    disabledReason: dataset.approved ? DISABLED_REASONS.approved : null,
    restricted: dataset.limited,
    approved: dataset.approved,
    // A researcher sees only their own address on the list (decision 090).
    allowed: dataset.allowed_users.length > 0,
  };
}

export function sampleResource(sample: SampleTypeDto): Resource {
  const cohorts = sample.cohorts
    .map((cohort) => (typeof cohort === 'object' ? cohort.name : null))
    .filter((name): name is string => Boolean(name));
  return {
    key: `sample-${sample.id}`,
    kind: 'sample',
    id: sample.id,
    name: sample.name,
    group: 'Biospecimen',
    cohort: cohorts.length ? cohorts.join(', ') : null,
    cohorts,
    accessionId: null,
    fileSize: null,
    releaseDate: null,
    formCode: sample.type,
    accessTypes: [],
    disabledReason: null,
    restricted: sample.limited,
    approved: false,
    allowed: sample.allowed_users.length > 0,
  };
}

/**
 * The usage step as the request keeps it: the answers in `additional_data.usage_answers`, the terms
 * box in `agreed_to_usage_policy` (a continued draft must not come back with them blank).
 */
function usageFromRequest(request: RequestDto): UsageAnswers {
  const empty = emptyWizard().usage;
  const kept = request.additional_data.usage_answers;
  const answers = Array.isArray(kept)
    ? empty.answers.map((_, index) => (typeof kept[index] === 'boolean' ? (kept[index] as boolean) : null))
    : empty.answers;
  return { answers, terms: request.agreed_to_usage_policy === true };
}

/** Edit mode: the request's project, resources, answers of every step and team access. */
export function wizardFromRequest(
  request: RequestDto,
  datasets: DatasetDto[],
  sampleTypes: SampleTypeDto[],
): WizardData {
  const projectId = typeof request.project === 'object' ? request.project.id : request.project;
  const access = Object.fromEntries(request.access_control_list.map((entry) => [entry.user_id, true]));
  const usage = usageFromRequest(request);
  if (request.type === RESEARCH_MATCH_TYPE) {
    const answers = request.additional_data.rm_application;
    return {
      ...emptyWizard(),
      projectId,
      selection: [researchMatchResource()],
      details: {
        [RESEARCH_MATCH_FORM_ID]: answers && typeof answers === 'object' ? (answers as FormValues) : {},
      },
      access,
      usage,
    };
  }
  if (TISSUE_NETWORK_TYPES.includes(request.type)) {
    const resource = tissueResources().find((item) => item.requestType === request.type)!;
    const { cart, usage_answers: _usage, ...answers } = request.additional_data as Record<string, unknown>;
    return {
      ...emptyWizard(),
      projectId,
      selection: [resource],
      details: { [resource.formCode!]: answers as FormValues },
      access,
      usage,
      cartId: typeof cart === 'number' ? cart : null,
    };
  }
  const datasetIds = request.datasets.map((item) => (typeof item === 'object' ? item.id : item));
  const selection = request.sample_type
    ? sampleTypes.filter((item) => item.id === request.sample_type!.id).map(sampleResource)
    : datasets.filter((item) => datasetIds.includes(item.id)).map(datasetResource);
  const {
    samples,
    globus_username,
    usage_answers: _usage,
    ...answers
  } = request.additional_data as Record<string, unknown>;
  const details: Record<string, FormValues> = {};
  for (const id of detailFormIds(selection, request.intent_to_download)) {
    if (id === 'dataset_security')
      details[id] = {
        agreed_nih: request.agreed_nih ? [true] : [],
        data_safeguard: request.data_safeguard ? [true] : [],
      };
    else if (id === 'gpf_access') details[id] = { gpf_access_status: request.gpf_access_status };
    else if (id === 'globus_account') details[id] = { globus_username };
    else {
      const { sample_type: _type, ...formAnswers } = answers;
      details[id] = {
        ...formAnswers,
        samples: samples && typeof samples === 'object' ? Object.keys(samples) : [],
      };
    }
  }
  return {
    ...emptyWizard(),
    projectId,
    selection,
    details,
    access,
    usage,
    intentToDownload: request.intent_to_download,
  };
}
