import {
  canonicalId,
  type DatasetDto,
  type ProjectDto,
  type RequestDto,
  type SampleTypeDto,
} from '@rrp/domain';
import { datasetResource, wizardFromRequest } from './from-request';
import { needsCollection, type Resource } from './rules';
import type { WizardData } from './state';

/**
 * Where a wizard is started from, besides `?dataset=` and `?project=`: the Research Match route
 * (`/research-match/create`) names the resource, a tissue collection's "Request this collection"
 * names the tissue resource and the collection (`collectionRequestPath`).
 */
export interface WizardEntry {
  /** A resource key of the picker, e.g. 'research-match' or 'tissue-8'. */
  resource?: string | null;
  collection?: string | null;
}

/**
 * The selection (and collection) a wizard entry starts with: only a resource the requester may
 * pick now, as the picker would offer it; a collection only with a resource that asks for one.
 * Anything else starts the wizard empty, as New Request does.
 */
export function entrySelection(
  entry: WizardEntry,
  resources: readonly Resource[],
): { selection: Resource[]; cartId: number | null } | null {
  const resource = entry.resource
    ? resources.find((item) => item.key === entry.resource && !item.disabledReason)
    : undefined;
  if (!resource) return null;
  const cartId = entry.collection ? canonicalId(entry.collection) : undefined;
  return { selection: [resource], cartId: needsCollection([resource]) ? (cartId ?? null) : null };
}

/**
 * What the wizard starts with once its reads are in: the edited request's answers, or the URL's
 * choices: `?dataset={dataset_id}` a top-level active dataset the researcher may pick (not
 * approved, restricted or ABN-locked for them), `?project={id}` (the project page's 'Create
 * Resource Request') the project, `?resource=` (and `?collection=`) or the route's entry a resource.
 */
export function wizardStart({
  request,
  datasets,
  sampleTypes,
  projects,
  resources,
  params,
  entry,
}: {
  request: RequestDto | undefined;
  datasets: DatasetDto[];
  sampleTypes: SampleTypeDto[];
  projects: readonly ProjectDto[];
  resources: readonly Resource[];
  params: URLSearchParams;
  entry: WizardEntry | undefined;
}): Partial<WizardData> {
  if (request) return wizardFromRequest(request, datasets, sampleTypes);
  const wanted = params.get('dataset');
  const dataset = wanted
    ? datasets.find(
        (item) =>
          item.dataset_id === wanted &&
          resources.some((resource) => resource.key === `dataset-${item.id}` && !resource.disabledReason),
      )
    : undefined;
  const projectParam = Number(params.get('project'));
  const chosen = projects.find((item) => item.id === projectParam);
  const preset = entrySelection(
    entry ?? { resource: params.get('resource'), collection: params.get('collection') },
    resources,
  );
  return {
    ...(preset ?? {}),
    ...(dataset ? { selection: [datasetResource(dataset)] } : {}),
    ...(chosen ? { projectId: chosen.id } : {}),
  };
}
