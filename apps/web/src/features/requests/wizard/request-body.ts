import {
  RESEARCH_MATCH_TYPE,
  TISSUE_DOCUMENT,
  type CreateRequestInput,
  type ResearchTeamMemberDto,
  type UpdateRequestInput,
} from '@rrp/domain';
import { normalizeSampleIds } from '@rrp/domain/forms';
import { RESEARCH_MATCH_DOCUMENT } from '@/lib/form-documents';
import { RESEARCH_MATCH_FORM_ID, tissueOf, type Resource } from './rules';
import { isResearchMatch, type WizardData } from './state';

/** A checktree answer of one `true` option (the dataset security statements). */
const ticked = (value: unknown) => (Array.isArray(value) ? value.includes(true) : value === true);

/**
 * The form whose chosen documents go through the scanned upload API before the request is filed
 * (the application names their ids): Research Match's application, or the tissue form.
 */
export function uploadingForm(selection: readonly Resource[]): { formId: string; type: string } | null {
  if (isResearchMatch(selection)) return { formId: RESEARCH_MATCH_FORM_ID, type: RESEARCH_MATCH_DOCUMENT };
  const tissue = tissueOf(selection);
  return tissue ? { formId: tissue.formCode!, type: TISSUE_DOCUMENT } : null;
}

/** Who files the request and who gets access: staff name the PI; researchers file for themselves. */
interface Filing {
  staff: boolean;
  /** The chosen project's PI. */
  owner: { id: number } | null;
  /** The signed-in user's id. */
  userId: number | null;
  /** The team members (other than the PI) who get access. */
  teamWithAccess: readonly ResearchTeamMemberDto[];
  /** Whether the intent-to-download question was asked. */
  askIntent: boolean;
}

/** POST request/: what the wizard files, with the uploaded documents' ids already in `data.details`. */
export function requestBody(data: WizardData, filing: Filing): CreateRequestInput {
  const { staff, owner, userId, teamWithAccess, askIntent } = filing;
  const sample = data.selection.find((resource) => resource.kind === 'sample');
  const accessList = [
    ...(owner ? [{ user_id: owner.id }] : userId !== null && !staff ? [{ user_id: userId }] : []),
    ...teamWithAccess
      .filter((member) => member.user_id !== null)
      .map((member) => ({ user_id: member.user_id! })),
  ];
  const usage = staff ? {} : { agreed_to_usage_policy: data.usage.terms, usage_answers: data.usage.answers };
  const filedFor = staff && owner ? { owner: owner.id } : {};
  if (isResearchMatch(data.selection))
    return {
      project: data.projectId!,
      type: RESEARCH_MATCH_TYPE,
      ...filedFor,
      additional_data: { rm_application: data.details[RESEARCH_MATCH_FORM_ID] ?? {} },
      access_control_list: accessList,
      ...(staff ? {} : { agreed_to_usage_policy: data.usage.terms }),
      submit: true,
    };
  const tissue = tissueOf(data.selection);
  if (tissue)
    return {
      project: data.projectId!,
      type: tissue.requestType!,
      ...filedFor,
      additional_data: {
        ...(data.details[tissue.formCode!] ?? {}),
        ...(data.cartId !== null ? { cart: data.cartId } : {}),
      },
      access_control_list: accessList,
      ...usage,
      submit: true,
    };
  if (sample) {
    const { samples, ...answers } = data.details[sample.formCode ?? ''] ?? {};
    const ids = normalizeSampleIds(samples);
    return {
      project: data.projectId!,
      type: 2,
      ...filedFor,
      additional_data: {
        ...answers,
        sample_type: sample.id,
        // One unit (the standard amount) per sample id; changes go in request_changes.
        samples: Object.fromEntries(ids.map((id) => [id, 1])),
      },
      access_control_list: accessList,
      ...usage,
      submit: true,
    };
  }
  const security = data.details.dataset_security ?? {};
  const gpf = data.details.gpf_access?.gpf_access_status;
  const globus = data.details.globus_account?.globus_username;
  return {
    project: data.projectId!,
    type: 1,
    ...filedFor,
    datasets: data.selection.map((resource) => resource.id),
    intent_to_download: askIntent ? data.intentToDownload === true : false,
    agreed_nih: ticked(security.agreed_nih),
    data_safeguard: ticked(security.data_safeguard),
    ...(gpf === 1 || gpf === 2 ? { gpf_access_status: gpf } : {}),
    additional_data: globus ? { globus_username: globus } : {},
    access_control_list: accessList,
    ...usage,
    submit: true,
  };
}

/** What an edit sends (PATCH request/{id}/): the answers, the team and, for researchers, the usage step. */
export function editPayload(
  payload: CreateRequestInput,
  data: WizardData,
  staff: boolean,
): UpdateRequestInput {
  return {
    additional_data: payload.additional_data ?? undefined,
    access_control_list: payload.access_control_list ?? undefined,
    intent_to_download: payload.intent_to_download,
    agreed_nih: payload.agreed_nih,
    data_safeguard: payload.data_safeguard,
    gpf_access_status: payload.gpf_access_status,
    ...(staff
      ? {}
      : isResearchMatch(data.selection)
        ? { agreed_to_usage_policy: data.usage.terms }
        : { agreed_to_usage_policy: data.usage.terms, usage_answers: data.usage.answers }),
  };
}
