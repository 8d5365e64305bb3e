import {
  REQUEST_MESSAGES,
  RESEARCH_MATCH_MESSAGES,
  resourceMixError,
  TISSUE_FORM_IDS,
  TISSUE_RESOURCE_NAMES,
  type SampleAvailability,
} from '@rrp/domain';
import type { Field } from '@rrp/domain/forms';
import {
  offeredResources,
  RESOURCE_DISABLED_REASONS,
  resourceDisabledReason,
  type Requester,
} from '@rrp/domain/resource-access';

/**
 * Pure rules of the request wizard (researcher §2, §4, §5): its steps, the URL hash, gating,
 * step titles, sample ids and the resource-mixing rule.
 */

export type StepKey = 'project' | 'resources' | 'details' | 'team' | 'usage' | 'review';

export const STEP_LABELS: Record<StepKey, string> = {
  project: 'Project',
  resources: 'Resources',
  details: 'Resource details',
  team: 'Research team',
  usage: 'Resource usage',
  review: 'Review',
};

/** Admins and tissue project managers have no usage step; editing drops Project and Resources. */
export function wizardSteps({ staff, editing }: { staff: boolean; editing: boolean }): StepKey[] {
  const steps: StepKey[] = ['project', 'resources', 'details', 'team', 'usage', 'review'];
  return steps.filter(
    (step) => !(staff && step === 'usage') && !(editing && (step === 'project' || step === 'resources')),
  );
}

const HASH = /^#project_request_(\d+)$/;

/** The step index in a `#project_request_{step}` hash, or null. */
export function stepFromHash(hash: string): number | null {
  const match = HASH.exec(hash);
  return match ? Number(match[1]) : null;
}

export const hashForStep = (step: number): string => `#project_request_${step}`;

/**
 * The step the wizard may show for a requested one: a step is entered only when every earlier
 * step has output; otherwise the wizard returns to step 0.
 */
export function allowedStep(requested: number, stepCount: number, completed: readonly boolean[]): number {
  if (!Number.isInteger(requested) || requested < 0 || requested >= stepCount) return 0;
  for (let index = 0; index < requested; index++) if (!completed[index]) return 0;
  return requested;
}

/** "Identify Research Team", "1 Additional Team Member", "N Additional Team Members". */
export function teamTitle(count: number): string {
  if (count <= 0) return 'Identify Research Team';
  return count === 1 ? '1 Additional Team Member' : `${count} Additional Team Members`;
}

/** The first resource's name, plus " + N more" when there are several. */
export function resourcesTitle(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return names.length === 1 ? names[0]! : `${names[0]} + ${names.length - 1} more`;
}

export const SAMPLE_MESSAGES = {
  saveFailed: REQUEST_MESSAGES.saveFailedIds,
  required: REQUEST_MESSAGES.samplesRequired,
  fixIds: (epic: boolean) => (epic ? '* Please fix the ids below!' : '* Please fix the ids below!!'),
  example: '11000-p1, 11000-mo, 14710-x1',
};

/**
 * The legend of sample availability (researcher §8 "Sample status legend"). Whether a state blocks
 * the request is the domain's `availabilityPasses`; its colour says so (decision 133): greens and
 * yellow can be requested, reds and orange block (CPLs Available blocks unless iPSCs will be
 * generated from the cells).
 */
export const SAMPLE_LEGEND: { value: SampleAvailability; label: string; color: string; note?: string }[] = [
  { value: 'Available', label: 'Available', color: 'green.2' },
  {
    value: 'Limited',
    label: 'Limited Supply',
    color: 'yellow.3',
    note: 'Your request will be subject to availability',
  },
  {
    value: 'CPLs Available',
    label: 'CPLs Available',
    color: 'orange.2',
    note: 'Cannot be ordered, may be nominated for reprogramming',
  },
  { value: 'Unavailable', label: 'Unavailable', color: 'red.2' },
  { value: 'Invalid Id', label: 'Invalid Id', color: 'red.3' },
  { value: 'IPSC NOT CONSENTED', label: 'IPSC Not Consented', color: 'orange.3' },
];
/** CPLs Available when iPSCs will be generated: reprogramming-eligible, so it passes. */
export const CPLS_PASSING_COLOR = 'teal.2';
/** How long the sample ids rest before they are checked (researcher §9 search debounce). */
export const SAMPLE_CHECK_DELAY_MS = 1000;

/**
 * A resource in the picker: a dataset, a sample type, Research Match (participant recontact), or
 * one of the brain-tissue network's requests (data access, pilot tissue, tissue).
 */
export interface Resource {
  key: string;
  kind: 'dataset' | 'sample' | 'research_match' | 'tissue';
  id: number;
  name: string;
  /** Phenotype, Genetic, Imaging, or Biospecimen. */
  group: string;
  /** The cohort names joined for display ('SSC, SPARK'), or null. */
  cohort: string | null;
  /** The cohort names, one by one. */
  cohorts: string[];
  accessionId: string | null;
  fileSize: string | null;
  releaseDate: string | null;
  /** The sample type's form code (ipsc, plasma, …) for biospecimens. */
  formCode: string | null;
  accessTypes: string[];
  disabledReason: string | null;
  /** A restricted resource: only its allowed users (and staff) may request it. */
  restricted: boolean;
  /** The signed-in user already holds an approved request for it. */
  approved: boolean;
  /**
   * Whether the signed-in user is on the restricted resource's allowed users (the server lists a
   * researcher's own address only; decision 090).
   */
  allowed: boolean;
  /** The network's request type (6 data access, 7 pilot tissue, 8 tissue), for tissue resources. */
  requestType?: 6 | 7 | 8;
  /** The network's Data Access entry, which the pilot and tissue entries wait for. */
  abnDataAccess?: boolean;
}

export const DISABLED_REASONS = {
  approved: REQUEST_MESSAGES.alreadyApprovedShort,
  abnUnderReview: RESOURCE_DISABLED_REASONS.abnUnderReview,
  mustApply: RESOURCE_DISABLED_REASONS.abnMustApply,
  restricted: RESOURCE_DISABLED_REASONS.restricted,
};

/**
 * Whether adding a resource conflicts with the selection (researcher §5 "Resource mixing", the
 * domain rule the server applies): the message to confirm, or null when it can simply be added.
 */
export function mixingConflict(selection: readonly Resource[], adding: Resource): string | null {
  return resourceMixError(
    [...selection, adding].map((resource) => ({
      kind:
        resource.kind === 'dataset'
          ? ('dataset' as const)
          : resource.kind === 'research_match'
            ? ('research_match' as const)
            : resource.kind === 'tissue'
              ? resource.requestType === 6
                ? ('abn' as const)
                : ('tissue' as const)
              : ('sample_type' as const),
      id: resource.id,
    })),
  );
}

/**
 * What choosing a resource asks the researcher to confirm (researcher §5: sample types and Research
 * Match carry their own confirmation messages; a conflict replaces the selection), or null.
 */
export function selectionConfirmation(selection: readonly Resource[], adding: Resource): string | null {
  const conflict = mixingConflict(selection, adding);
  if (adding.kind !== 'research_match') return conflict;
  return [conflict, RESEARCH_MATCH_MESSAGES.pickerConfirmation].filter(Boolean).join(' ');
}

/** The group of the Research Match resource in the picker. */
const RESEARCH_MATCH_GROUP = 'Research Match';
export const RESEARCH_MATCH_FORM_ID = 'research_match_application';

/**
 * Research Match as a pickable resource: recontact of SPARK and SSC participants. It has no cohort
 * of its own, so projects not related to autism are offered it too (they recruit from SPARK only).
 */
export const researchMatchResource = (): Resource => ({
  key: 'research-match',
  kind: 'research_match',
  id: 0,
  name: 'Research Match',
  group: RESEARCH_MATCH_GROUP,
  cohort: null,
  cohorts: [],
  accessionId: null,
  fileSize: null,
  releaseDate: null,
  formCode: RESEARCH_MATCH_FORM_ID,
  accessTypes: [],
  disabledReason: null,
  restricted: false,
  approved: false,
  allowed: false,
});

/** The group of the brain-tissue network's resources in the picker. */
const TISSUE_GROUP = 'Autism BrainNet';

/**
 * The network's three resources (researcher §2, §5): Data Access (type 6) and the pilot tissue and
 * tissue requests that wait for it. Their cohort is ABN: offered with abn_epic, never to projects
 * not related to autism.
 */
export const tissueResources = (): Resource[] =>
  ([6, 7, 8] as const).map((type) => ({
    key: `tissue-${type}`,
    kind: 'tissue',
    id: type,
    name: TISSUE_RESOURCE_NAMES[type],
    group: TISSUE_GROUP,
    cohort: 'ABN',
    cohorts: ['ABN'],
    accessionId: null,
    fileSize: null,
    releaseDate: null,
    formCode: TISSUE_FORM_IDS[type],
    accessTypes: [],
    disabledReason: null,
    restricted: false,
    approved: false,
    allowed: false,
    requestType: type,
    abnDataAccess: type === 6,
  }));

/** The tissue resource of a selection, if any. */
export const tissueOf = (selection: readonly Resource[]) =>
  selection.find((resource) => resource.kind === 'tissue') ?? null;

/** Whether the selection is a pilot tissue or tissue request, which asks for a collection. */
export const needsCollection = (selection: readonly Resource[]) => {
  const type = tissueOf(selection)?.requestType;
  return type === 7 || type === 8;
};

/** Datasets delivered by the two cloud access types need a Globus username. */
const CLOUD_ACCESS_TYPES: ReadonlySet<string> = new Set(['Globus', 'AWS']);
export const needsGlobus = (resource: Resource) =>
  resource.kind === 'dataset' && resource.accessTypes.some((type) => CLOUD_ACCESS_TYPES.has(type));

/**
 * The resource-detail forms of a selection: datasets get the security form, the GPF choice when a
 * dataset is GPF accessible, and the Globus account when the team will download a dataset that is
 * delivered through one of the two cloud access types; a biospecimen gets its sample type's form.
 */
export function detailFormIds(
  selection: readonly Resource[],
  intentToDownload: boolean | null = null,
): string[] {
  if (selection.some((resource) => resource.kind === 'research_match')) return [RESEARCH_MATCH_FORM_ID];
  const tissue = tissueOf(selection);
  if (tissue) return tissue.formCode ? [tissue.formCode] : [];
  const sample = selection.find((resource) => resource.kind === 'sample');
  if (sample) return sample.formCode ? [sample.formCode] : [];
  if (selection.length === 0) return [];
  const ids = ['dataset_security'];
  if (selection.some((resource) => resource.accessTypes.includes('GPF'))) ids.push('gpf_access');
  if (intentToDownload && selection.some(needsGlobus)) ids.push('globus_account');
  return ids;
}

/**
 * The resources the picker offers a project (the domain's `offeredResources`: non-autism projects
 * see only resources without a cohort; ABN resources only with abn_epic), each with the reason it
 * cannot be picked. `requester` is the researcher filing for themselves; staff filing for a PI
 * (null) are stopped only by their own approvals, and the server checks the PI.
 */
export function visibleResources(
  resources: readonly Resource[],
  nonAutism: boolean,
  { abnEpic = false, requester = null }: { abnEpic?: boolean; requester?: Requester | null } = {},
): Resource[] {
  return offeredResources(resources, { nonAutism, abnEpic }).map((resource) => ({
    ...resource,
    disabledReason: requester
      ? resourceDisabledReason(resource, requester)
      : resource.approved
        ? DISABLED_REASONS.approved
        : null,
  }));
}

/** Search from 2 characters, by resource name or cohort, case-insensitive. */
export function searchResources(resources: readonly Resource[], term: string): Resource[] {
  const text = term.trim().toLowerCase();
  if (text.length < 2) return [...resources];
  return resources.filter(
    (resource) =>
      resource.name.toLowerCase().includes(text) || (resource.cohort ?? '').toLowerCase().includes(text),
  );
}

/** Resources grouped for the picker: by resource type, or by cohort ('No Cohort' last). */
export function groupResources(
  resources: readonly Resource[],
  by: 'type' | 'cohort',
): { name: string; items: Resource[] }[] {
  const order = [
    'Phenotype Data',
    'Genetic Data',
    'Imaging/EEG Data',
    'Other Resources',
    'Biospecimen',
    RESEARCH_MATCH_GROUP,
    TISSUE_GROUP,
  ];
  const groups = new Map<string, Resource[]>();
  for (const resource of resources) {
    const name = by === 'type' ? resource.group : (resource.cohort ?? 'No Cohort');
    groups.set(name, [...(groups.get(name) ?? []), resource]);
  }
  const rank = (name: string) =>
    by === 'type' ? order.indexOf(name) : name === 'No Cohort' ? Number.MAX_SAFE_INTEGER : 0;
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([name, items]) => ({ name, items }));
}

export const anchorId = (group: string) =>
  `resource-group-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The answer keys of a form (followUp fields included), to route submission errors to fields. */
export function formFieldKeys(fields: readonly Field[]): string[] {
  const keys: string[] = [];
  for (const field of fields) {
    if (field.type === 'followUp') keys.push(...formFieldKeys(field.fields));
    else if ('key' in field && typeof field.key === 'string') keys.push(field.key);
  }
  return keys;
}

/**
 * Submission errors merged into one map (researcher §8): keys of a details form become field
 * errors of that form (the wizard returns to the details step); the rest are listed at review.
 */
export function splitSubmissionErrors(
  body: Record<string, unknown>,
  formKeys: Record<string, readonly string[]>,
): { fields: Record<string, Record<string, string>>; others: string[] } {
  const fields: Record<string, Record<string, string>> = {};
  const others: string[] = [];
  const messages = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(messages)
      : typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(messages)
          : [];
  const visit = (key: string, value: unknown) => {
    if (key === 'status' || key === 'code' || key === 'correlation_id') return;
    const field = key.split('.').pop()!;
    const form = Object.entries(formKeys).find(([, keys]) => keys.includes(field))?.[0];
    if (form && messages(value)[0]) {
      fields[form] = { ...fields[form], [field]: messages(value)[0]! };
      return;
    }
    if (key === 'additional_data' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) visit(inner, innerValue);
      return;
    }
    const general = key === 'non_field_errors' || key === 'detail';
    for (const message of messages(value)) others.push(general ? message : `${key}: ${message}`);
  };
  for (const [key, value] of Object.entries(body)) visit(key, value);
  return { fields, others: [...new Set(others)] };
}
