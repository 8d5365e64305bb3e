import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { REQUEST_CREATED, type RoleKey } from '@rrp/domain';
import { useFeature } from '@/lib/feature-toggles';
import { useProfile } from '@/lib/profile';
import { useSession } from '@/lib/session';
import { useCart } from '@/components/tissue';
import { useFormSchemas } from './api';
import { wizardStart, type WizardEntry } from './entry';
import {
  allowedStep,
  detailFormIds,
  hashForStep,
  needsCollection,
  needsGlobus,
  stepFromHash,
  wizardSteps,
  type StepKey,
} from './rules';
import { isResearchMatch, usageComplete } from './state';
import { useWizard } from './use-wizard';
import { useWizardSaves } from './use-wizard-saves';
import { useWizardSources } from './use-wizard-sources';

/** Admins and tissue project managers file for the project's PI and skip the usage step. */
const STAFF_VARIANT_ROLES: readonly RoleKey[] = ['portal_admin', 'abn_proj_mgr'];

/**
 * The wizard screen's working parts: its state (`useWizard`), its reads, the step the URL hash
 * shows (a step opens only when every earlier one has output) and its saves.
 */
export function useWizardFlow(entry: WizardEntry | undefined) {
  const { user, activeRole } = useSession();
  const staff = activeRole !== null && STAFF_VARIANT_ROLES.includes(activeRole);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const editId = params.get('request') ? Number(params.get('request')) : null;
  const editing = editId !== null;
  const steps = wizardSteps({ staff, editing });
  const epic = useFeature('biospecimen_epic');
  const profile = useProfile(staff ? undefined : user?.id);
  const wizard = useWizard();
  const { state } = wizard;
  const { data, done, seeded } = state;
  const sources = useWizardSources({ staff, editId, projectId: data.projectId });
  const { edited, datasets, sampleTypes, loading } = sources;

  const formIds = detailFormIds(data.selection, data.intentToDownload);
  const chosenCart = useCart(needsCollection(data.selection) ? data.cartId : null).data ?? null;
  const researchMatch = isResearchMatch(data.selection);
  const askIntent = data.selection.some(needsGlobus);
  const schemas = useFormSchemas(formIds);

  // The start is applied once, while rendering, as soon as the reads it needs are in.
  if (!seeded && !loading && datasets.data && sampleTypes.data && (!editing || edited.data))
    wizard.seed(
      wizardStart({
        request: edited.data,
        datasets: datasets.data.results,
        sampleTypes: sampleTypes.data.results,
        projects: sources.projectList,
        resources: sources.resources,
        params,
        entry,
      }),
    );

  // Team access is per research-team row; the saved list holds user ids. A member without an
  // account yet is put on the request when they register (decision 092).
  const accessFor = (memberId: number, userId: number | null) =>
    userId === null || Boolean(data.access[memberId]) || (editing && Boolean(data.access[userId]));
  const teamWithAccess = sources.members.filter(
    (member) =>
      !member.is_pi && member.active && !member.removal_date && accessFor(member.id, member.user_id),
  );

  const output: Record<StepKey, boolean> = {
    project: data.projectId !== null,
    resources: data.selection.length > 0,
    details: data.detailsDone,
    team: data.teamDone,
    usage: usageComplete(data.usage, researchMatch),
    review: false,
  };
  const completed = steps.map((step) => output[step]);
  const requested = stepFromHash(location.hash) ?? 0;
  const active = allowedStep(requested, steps.length, completed);
  /** Whether the stepper may jump to a step: one reached before whose earlier steps have output. */
  const selectable = (index: number) =>
    index <= state.furthest && allowedStep(index, steps.length, completed) === index;

  // The hash follows the step; a step that cannot be entered yet sends the wizard back to step 0.
  useEffect(() => {
    if (done || loading || !seeded) return;
    if (stepFromHash(location.hash) !== active)
      void navigate({ search: location.search, hash: hashForStep(active) }, { replace: true });
  }, [active, location.hash, location.search, navigate, done, loading, seeded]);

  // After completion, any further navigation in the wizard goes home.
  const doneHash = useRef<string | null>(null);
  useEffect(() => {
    if (!done) return;
    if (doneHash.current === null) doneHash.current = location.hash;
    else if (location.hash !== doneHash.current) void navigate('/');
  }, [done, location.hash, navigate]);

  // After Continue (or a step chosen in the stepper) focus moves to the new step's heading, so
  // keyboard and screen-reader users start reading where the new step begins (decision 130).
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<number | null>(null);
  useEffect(() => {
    if (loading || !seeded || done) return;
    if (shownStep.current !== null && shownStep.current !== active) stepHeading.current?.focus();
    shownStep.current = active;
  }, [active, loading, seeded, done]);

  const goTo = (step: number) => {
    wizard.reachStep(step);
    void navigate({ search: location.search, hash: hashForStep(step) });
  };
  const next = () => goTo(active + 1);
  const goToKey = (key: StepKey) => {
    const index = steps.indexOf(key);
    if (index >= 0) goTo(index);
  };

  const saves = useWizardSaves({
    wizard,
    sources,
    staff,
    editId,
    forms: schemas.data,
    profile: profile.data,
    teamWithAccess,
    askIntent,
    next,
    goToKey,
  });

  return {
    wizard,
    sources,
    user,
    staff,
    editId,
    editing,
    steps,
    profile: profile.data,
    /** The biospecimen_epic feature flag. */
    epic,
    formIds,
    forms: schemas.data ?? [],
    chosenCart,
    researchMatch,
    askIntent,
    accessFor,
    teamWithAccess,
    active,
    selectable,
    goTo,
    next,
    goToKey,
    stepHeading,
    /** Whether the wizard was opened on the URL's dataset (the resources step scrolls to it). */
    datasetInUrl: Boolean(params.get('dataset')),
    // A new request, or a draft being continued, may be kept as a draft (decision 128).
    canSaveDraft: !editing || edited.data?.status === REQUEST_CREATED,
    ...saves,
  };
}

export type WizardFlow = ReturnType<typeof useWizardFlow>;
