import {
  can,
  isRecontacting,
  REQUEST_MESSAGES,
  usageStepComplete,
  type Actor,
  type SelectedResource,
} from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { invalid } from '../../platform/http/errors';
import { teamAccountIds } from './request-write-checks.repo';
import { cohortNames } from './requests.repo';

/*
 * The checks every request write makes whatever its type: the resources it mixes, its access
 * list, the usage step and its cohorts (researcher §5).
 */

/** Staff who file requests for a PI (admins, tissue project managers): they read every request. */
export const filesForOthers = (actor: Actor) =>
  can(actor, 'create', 'Request') && can(actor, 'read', 'Request');

/** The resources a payload names, for the mixing rules. */
export function selectionOf(
  datasetIds: readonly number[],
  additionalData: Record<string, unknown>,
): SelectedResource[] {
  const selection: SelectedResource[] = datasetIds.map((id) => ({ kind: 'dataset', id }));
  const sampleType = additionalData.sample_type;
  const sampleTypes = Array.isArray(sampleType) ? sampleType : sampleType == null ? [] : [sampleType];
  for (const id of sampleTypes) selection.push({ kind: 'sample_type', id: String(id) });
  if (additionalData.rm_application != null) selection.push({ kind: 'research_match' });
  if (additionalData.cart != null) selection.push({ kind: 'tissue' });
  return selection;
}

/** The access control list: users on the project's current team, each once; the PI always. */
export async function accessList(
  tx: DbOrTx,
  projectId: number,
  ownerId: number,
  input: readonly { user_id: number; removal_date?: string | null }[],
) {
  const seen = new Set<number>();
  const team = await teamAccountIds(tx, projectId);
  const entries: { userId: number; removalDate: Date | null }[] = [];
  for (const row of input) {
    if (seen.has(row.user_id)) invalid({ access_control_list: [REQUEST_MESSAGES.teamDuplicate] });
    seen.add(row.user_id);
    if (row.user_id !== ownerId && !team.has(row.user_id))
      invalid({ access_control_list: [REQUEST_MESSAGES.teamMember] });
    entries.push({
      userId: row.user_id,
      removalDate: row.user_id === ownerId || !row.removal_date ? null : new Date(row.removal_date),
    });
  }
  if (!seen.has(ownerId)) entries.unshift({ userId: ownerId, removalDate: null });
  return entries;
}

/**
 * The usage step (researcher §5): researchers agree to the terms, and every list of answers they
 * send (at the top level, in `additional_data`, or kept from before) is all True (decision 095);
 * staff filing for a PI skip it.
 */
export function checkUsage(
  type: number,
  agreed: boolean | null | undefined,
  answerLists: readonly ((boolean | null)[] | null | undefined)[],
) {
  const recontacting = isRecontacting(type);
  const sent = answerLists.filter((answers) => answers != null);
  const complete = (sent.length > 0 ? sent : [null]).every((answers) =>
    usageStepComplete({ answers, agreed_to_usage_policy: agreed }, recontacting),
  );
  if (!complete) {
    invalid({
      agreed_to_usage_policy: [recontacting ? REQUEST_MESSAGES.termsRequired : REQUEST_MESSAGES.usageAnswers],
    });
  }
}

/** Cohorts sent with a request must be those its resources belong to (decision 097). */
export async function checkCohorts(
  tx: DbOrTx,
  sent: readonly number[] | null | undefined,
  resolved: number[],
) {
  if (sent == null) return;
  const expected = new Set(resolved);
  const given = new Set(sent);
  if (given.size === expected.size && [...given].every((cohort) => expected.has(cohort))) return;
  const names = await cohortNames(tx, resolved);
  invalid({ cohorts: [REQUEST_MESSAGES.cohortsOfResources(resolved.map((cohort) => names.get(cohort)!))] });
}
