import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Loader, Stack, Stepper, Title } from '@mantine/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  can,
  OWNER_EDITABLE_STATUSES,
  REQUEST_CREATED,
  REQUEST_SUBMITTED,
  REQUEST_MESSAGES,
  RESEARCH_MATCH_TYPE,
  TISSUE_DOCUMENT,
  type CreateRequestInput,
  type UpdateRequestInput,
  type ProjectDto,
  type RequestDto,
  type RoleKey,
  type SessionUserDto,
  type UserProfileDto,
} from '@rrp/domain';
import { fillProduct, normalizeSampleIds, type FormValues } from '@rrp/domain/forms';
import { Page } from '@/components/page';
import { ApiError } from '@/lib/api-client';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@/lib/config';
import { useFeature } from '@/lib/feature-toggles';
import { useSession } from '@/lib/session';
import { profileAnswers, profileChanges, profileQueryKey, saveProfile, useProfile } from '@/lib/profile';
import { useActor } from '@/lib/use-can';
import { RESEARCH_MATCH_DOCUMENT, uploadFormFiles } from '@/lib/form-documents';
import {
  createRequest,
  updateRequest,
  useEditedRequest,
  useAbnDataRequestUnderReview,
  useFormSchemas,
  useProjectTeam,
  saveProjectTeam,
  useWizardDatasets,
  useWizardProjects,
  useWizardSampleTypes,
} from './api';
import {
  allowedStep,
  detailFormIds,
  formFieldKeys,
  hashForStep,
  needsCollection,
  needsGlobus,
  RESEARCH_MATCH_FORM_ID,
  researchMatchResource,
  resourcesTitle,
  splitSubmissionErrors,
  stepFromHash,
  STEP_LABELS,
  teamTitle,
  tissueOf,
  tissueResources,
  visibleResources,
  wizardSteps,
  type Resource,
  type StepKey,
} from './rules';
import { emptyWizard, isResearchMatch, resourceGroup, usageComplete, type WizardData } from './state';
import { EditNotice } from './edit-notice';
import { entrySelection, type WizardEntry } from './entry';
import { datasetResource, sampleResource, wizardFromRequest } from './from-request';
import { ThankYou } from './thank-you';
import { DetailsStep } from './steps/details-step';
import { ProjectStep } from './steps/project-step';
import { ResourcesStep } from './steps/resources-step';
import { ReviewStep } from './steps/review-step';
import { TeamStep } from './steps/team-step';
import { saveTeamBody, teamSaveMessages, type NewMemberRow } from './team-members';
import { UsageStep } from './steps/usage-step';
import { CollectionSelector } from './steps/collection-selector';
import { useCart } from '@/components/tissue';

const crumbs = [{ label: 'Requests', to: '/request' }];

/** Admins and tissue project managers file for the project's PI and skip the usage step. */
const STAFF_VARIANT_ROLES: readonly RoleKey[] = ['portal_admin', 'abn_proj_mgr'];

/** A checktree answer of one `true` option (the dataset security statements). */
const ticked = (value: unknown) => (Array.isArray(value) ? value.includes(true) : value === true);

/**
 * Contact and shipping fields of the biospecimen forms, filled from the requester's profile (or
 * the PI's name for staff).
 */
function contactDefaults(
  user: SessionUserDto | null,
  profile: UserProfileDto | undefined,
  staff: boolean,
  owner: string | null,
): FormValues {
  if (staff) return owner ? { full_name: owner.slice(0, 30) } : {};
  if (!user) return {};
  return {
    ...profileAnswers(profile),
    full_name: user.full_name.slice(0, 30),
    email: user.email,
    ...(user.phone_number ? { phone_number: user.phone_number.slice(0, 20) } : {}),
  };
}

/** /request/create: the six-step resource request wizard (researcher §2). */
export default function RequestWizardScreen({ entry }: { entry?: WizardEntry } = {}) {
  const { user, activeRole } = useSession();
  const actor = useActor();
  const staff = activeRole !== null && STAFF_VARIANT_ROLES.includes(activeRole);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editId = params.get('request') ? Number(params.get('request')) : null;
  const edited = useEditedRequest(editId);
  const editing = editId !== null;
  const steps = wizardSteps({ staff, editing });
  const epic = useFeature('biospecimen_epic');
  const abnEpic = useFeature('abn_epic');
  const abnUnderReview = useAbnDataRequestUnderReview(abnEpic && !staff ? (user?.id ?? null) : null);

  const profile = useProfile(staff ? undefined : user?.id);
  const projects = useWizardProjects();
  const datasets = useWizardDatasets();
  const sampleTypes = useWizardSampleTypes();
  const [data, setData] = useState<WizardData>(emptyWizard);
  const [furthest, setFurthest] = useState(0);
  const [done, setDone] = useState<RequestDto | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [savingDraft, setSavingDraft] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const update = (patch: Partial<WizardData>) => setData((current) => ({ ...current, ...patch }));
  const [newMembers, setNewMembers] = useState<NewMemberRow[]>([]);
  const [teamErrors, setTeamErrors] = useState<string[]>([]);
  const [savingTeam, setSavingTeam] = useState(false);

  const projectList = projects.data?.results ?? [];
  const project: ProjectDto | null =
    projectList.find((item) => item.id === data.projectId) ??
    (edited.data && typeof edited.data.project === 'object' && edited.data.project.id === data.projectId
      ? (edited.data.project as unknown as ProjectDto)
      : null);
  const owner = project && typeof project.owner === 'object' ? project.owner : null;
  const team = useProjectTeam(data.projectId);
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
  const members = team.data?.results ?? [];

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

  const formIds = detailFormIds(data.selection, data.intentToDownload);
  const chosenCart = useCart(needsCollection(data.selection) ? data.cartId : null).data ?? null;
  const researchMatch = isResearchMatch(data.selection);
  const askIntent = data.selection.some(needsGlobus);
  const schemas = useFormSchemas(formIds);

  const loading =
    projects.isPending || datasets.isPending || sampleTypes.isPending || (editing && edited.isPending);

  // ?dataset={dataset_id} preselects a top-level active dataset, once (state adjusted while rendering).
  const [seeded, setSeeded] = useState(false);
  if (!seeded && !loading && datasets.data && sampleTypes.data && (!editing || edited.data)) {
    setSeeded(true);
    const wanted = params.get('dataset');
    // ?project={id} (the project page's 'Create Resource Request') chooses the project.
    const projectParam = Number(params.get('project'));
    const request = edited.data;
    if (request) setData(wizardFromRequest(request, datasets.data.results, sampleTypes.data.results));
    else {
      // Only a dataset the researcher may pick (not approved, restricted or ABN-locked for them).
      const dataset = wanted
        ? datasets.data.results.find(
            (item) =>
              item.dataset_id === wanted &&
              resources.some((resource) => resource.key === `dataset-${item.id}` && !resource.disabledReason),
          )
        : undefined;
      const chosen = projects.data?.results.find((item) => item.id === projectParam);
      // ?resource= (and ?collection=), or the entry of a route such as /research-match/create.
      const preset = entrySelection(
        entry ?? { resource: params.get('resource'), collection: params.get('collection') },
        resources,
      );
      setData((current) => ({
        ...current,
        ...(preset ?? {}),
        ...(dataset ? { selection: [datasetResource(dataset)] } : {}),
        ...(chosen ? { projectId: chosen.id } : {}),
      }));
    }
  }

  // Team access is per research-team row; the saved list holds user ids. A member without an
  // account yet is put on the request when they register (decision 092).
  const accessFor = (memberId: number, userId: number | null) =>
    userId === null || Boolean(data.access[memberId]) || (editing && Boolean(data.access[userId]));
  const teamWithAccess = members.filter(
    (member) =>
      !member.is_pi && member.active && !member.removal_date && accessFor(member.id, member.user_id),
  );

  // New members are saved to the project's team first, then get access on this request.
  const continueTeam = async () => {
    if (newMembers.length && data.projectId !== null) {
      const teamBody = saveTeamBody(data.projectId, members, newMembers);
      if (!teamBody) return;
      setSavingTeam(true);
      setTeamErrors([]);
      try {
        const saved = await saveProjectTeam(teamBody);
        await queryClient.invalidateQueries({ queryKey: ['research-team', data.projectId] });
        const added = new Set(newMembers.map((row) => row.email.trim().toLowerCase()));
        const access = { ...data.access };
        for (const member of saved) if (added.has(member.email.toLowerCase())) access[member.id] = true;
        update({ access });
        setNewMembers([]);
      } catch (error) {
        setTeamErrors(
          error instanceof ApiError && error.status === 400
            ? teamSaveMessages(error.body)
            : [error instanceof Error ? error.message : String(error)],
        );
        return;
      } finally {
        setSavingTeam(false);
      }
    }
    update({ teamDone: true });
    next();
  };

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
    setFurthest((current) => Math.max(current, step));
    void navigate({ search: location.search, hash: hashForStep(step) });
  };
  const next = () => goTo(active + 1);
  const goToKey = (key: StepKey) => {
    const index = steps.indexOf(key);
    if (index >= 0) goTo(index);
  };

  const changeSelection = (selection: Resource[]) => {
    const groupChanged = resourceGroup(selection) !== resourceGroup(data.selection);
    const tissueChanged = tissueOf(selection)?.requestType !== tissueOf(data.selection)?.requestType;
    update({
      selection,
      ...(tissueChanged ? { cartId: null } : {}),
      // Changing the resource group clears the details entered for the other group.
      ...(groupChanged ? { details: {}, detailErrors: {}, sampleResults: {} } : {}),
      detailsDone: false,
    });
  };

  if (loading)
    return (
      <Page title="Resource Request" crumbs={crumbs}>
        <Loader aria-label="Loading" />
      </Page>
    );
  if (editing && edited.data && !(OWNER_EDITABLE_STATUSES as readonly number[]).includes(edited.data.status))
    return (
      <Page title="Resource Request" crumbs={crumbs}>
        <Alert color="red" role="alert">
          {REQUEST_MESSAGES.notEditable}
        </Alert>
      </Page>
    );

  if (done)
    return (
      <Page title="Resource Request" crumbs={crumbs}>
        <ThankYou request={done} email={user?.email ?? ''} />
      </Page>
    );

  const body = async (): Promise<CreateRequestInput> => {
    const sample = data.selection.find((resource) => resource.kind === 'sample');
    const accessList = [
      ...(owner ? [{ user_id: owner.id }] : user && !staff ? [{ user_id: user.id }] : []),
      ...teamWithAccess
        .filter((member) => member.user_id !== null)
        .map((member) => ({ user_id: member.user_id! })),
    ];
    const usage = staff
      ? {}
      : { agreed_to_usage_policy: data.usage.terms, usage_answers: data.usage.answers };
    if (researchMatch) {
      // Chosen documents go through the scanned upload API first; the application names their ids.
      const form = (schemas.data ?? []).find((schema) => schema.id === RESEARCH_MATCH_FORM_ID)!;
      const answers = await uploadFormFiles(form, data.details[RESEARCH_MATCH_FORM_ID] ?? {}, {
        type: RESEARCH_MATCH_DOCUMENT,
        project: data.projectId!,
      });
      update({ details: { ...data.details, [RESEARCH_MATCH_FORM_ID]: answers } });
      return {
        project: data.projectId!,
        type: RESEARCH_MATCH_TYPE,
        ...(staff && owner ? { owner: owner.id } : {}),
        additional_data: { rm_application: answers },
        access_control_list: accessList,
        ...(staff ? {} : { agreed_to_usage_policy: data.usage.terms }),
        submit: true,
      };
    }
    const tissue = tissueOf(data.selection);
    if (tissue) {
      // The tissue form's documents go through the scanned upload API first, as Research Match's.
      const form = (schemas.data ?? []).find((schema) => schema.id === tissue.formCode)!;
      const answers = await uploadFormFiles(form, data.details[tissue.formCode!] ?? {}, {
        type: TISSUE_DOCUMENT,
        project: data.projectId!,
      });
      update({ details: { ...data.details, [tissue.formCode!]: answers } });
      return {
        project: data.projectId!,
        type: tissue.requestType!,
        ...(staff && owner ? { owner: owner.id } : {}),
        additional_data: { ...answers, ...(data.cartId !== null ? { cart: data.cartId } : {}) },
        access_control_list: accessList,
        ...usage,
        submit: true,
      };
    }
    if (sample) {
      const { samples, ...answers } = data.details[sample.formCode ?? ''] ?? {};
      const ids = normalizeSampleIds(samples);
      return {
        project: data.projectId!,
        type: 2,
        ...(staff && owner ? { owner: owner.id } : {}),
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
      ...(staff && owner ? { owner: owner.id } : {}),
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
  };

  /** What an edit sends (PATCH request/{id}/): the answers, the team and, for researchers, the usage step. */
  const editPayload = (payload: CreateRequestInput): UpdateRequestInput => ({
    additional_data: payload.additional_data ?? undefined,
    access_control_list: payload.access_control_list ?? undefined,
    intent_to_download: payload.intent_to_download,
    agreed_nih: payload.agreed_nih,
    data_safeguard: payload.data_safeguard,
    gpf_access_status: payload.gpf_access_status,
    ...(staff
      ? {}
      : researchMatch
        ? { agreed_to_usage_policy: data.usage.terms }
        : { agreed_to_usage_policy: data.usage.terms, usage_answers: data.usage.answers }),
  });

  /**
   * Shipping and contact details typed for a biospecimen request go to My Profile (researcher §3
   * "User profile fields updated from the wizard"); staff filing for a PI leave profiles alone.
   */
  const rememberProfile = async () => {
    const shipped =
      data.selection.find((resource) => resource.kind === 'sample') ??
      (needsCollection(data.selection) ? tissueOf(data.selection) : null);
    if (staff || !user || !shipped) return;
    const changed = profileChanges(data.details[shipped.formCode ?? ''] ?? {}, profile.data);
    if (Object.keys(changed).length === 0) return;
    try {
      queryClient.setQueryData(profileQueryKey(user.id), await saveProfile(user.id, changed));
    } catch {
      notifications.show({
        color: 'yellow',
        title: 'Your profile was not updated',
        message:
          'The request is saved, but the address and phone you typed could not be saved to My Profile.',
      });
    }
  };

  // A new request, or a draft being continued, may be kept as a draft (decision 128).
  const canSaveDraft = !editing || edited.data?.status === REQUEST_CREATED;
  const saveDraft = async () => {
    setSavingDraft(true);
    setSubmitErrors([]);
    setGeneralError(null);
    try {
      const payload = { ...(await body()), submit: false };
      const saved = editId ? await updateRequest(editId, editPayload(payload)) : await createRequest(payload);
      await rememberProfile();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['requests'] }),
        queryClient.invalidateQueries({ queryKey: ['request', saved.id] }),
      ]);
      notifications.show({
        color: 'green',
        title: 'Draft saved',
        message: `${saved.portal_request_id} is saved as a draft. Continue it from its page to submit it.`,
      });
      void navigate(`/request/${saved.id}`);
    } catch (error) {
      setGeneralError(error instanceof ApiError ? error.summary : String(error));
    } finally {
      setSavingDraft(false);
    }
  };

  const submit = async () => {
    setSubmitting(true);
    setSubmitErrors([]);
    setGeneralError(null);
    try {
      const payload = await body();
      const request = editId
        ? await updateRequest(editId, {
            ...editPayload(payload),
            // A draft is submitted by its edit; a returned request goes back to review by itself.
            ...(edited.data?.status === REQUEST_CREATED ? { status: REQUEST_SUBMITTED } : {}),
          })
        : await createRequest(payload);
      await rememberProfile();
      await queryClient.invalidateQueries({ queryKey: ['requests'] });
      setDone(request);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const keys = Object.fromEntries(
          (schemas.data ?? []).map((form) => [form.id, formFieldKeys(form.fields)] as const),
        );
        const { fields, others } = splitSubmissionErrors(error.body, keys);
        if (Object.keys(fields).length > 0) {
          update({
            detailErrors: { ...data.detailErrors, ...fields },
            detailsDone: false,
          });
          setSubmitErrors(others);
          goToKey('details');
        } else setSubmitErrors(others.length ? others : [error.summary]);
      } else if (error instanceof ApiError) setGeneralError(error.summary);
      else setGeneralError(error instanceof Error ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  };

  const descriptions: Record<StepKey, string | undefined> = {
    project: project?.title,
    resources: resourcesTitle(data.selection.map((resource) => resource.name)) ?? undefined,
    details: undefined,
    team: data.projectId !== null ? teamTitle(teamWithAccess.length) : undefined,
    usage: undefined,
    review: undefined,
  };

  const renderStep = (key: StepKey) => {
    switch (key) {
      case 'project':
        return (
          <ProjectStep
            projects={projectList}
            projectId={data.projectId}
            staff={staff}
            overridesLock={can(actor, 'update', 'Project')}
            onSelect={(chosen) => {
              const autismChanged =
                chosen !== null &&
                project !== null &&
                chosen.non_autism_research !== project.non_autism_research;
              // Unsaved new team rows belong to the previous project's team: they go.
              if ((chosen?.id ?? null) !== data.projectId) {
                setNewMembers([]);
                setTeamErrors([]);
              }
              update({
                projectId: chosen?.id ?? null,
                access: {},
                teamDone: false,
                ...(autismChanged ||
                (chosen?.non_autism_research && data.selection.some((item) => item.cohort))
                  ? { selection: [], details: {}, detailErrors: {}, detailsDone: false }
                  : {}),
              });
            }}
            onAutismChange={() => changeSelection([])}
            onContinue={next}
          />
        );
      case 'resources':
        return (
          <ResourcesStep
            resources={resources}
            selection={data.selection}
            onChange={changeSelection}
            onContinue={next}
            initialKey={params.get('dataset') ? (data.selection[0]?.key ?? null) : null}
          />
        );
      case 'details':
        return (
          <DetailsStep
            formIds={formIds}
            selection={data.selection}
            values={Object.fromEntries(
              formIds.map((id) => [
                id,
                data.details[id] ??
                  (data.selection[0]?.kind === 'sample' ||
                  (id === 'abn_tissue' && needsCollection(data.selection))
                    ? contactDefaults(user, profile.data, staff, owner?.display_name ?? null)
                    : id === 'globus_account' && !staff && profile.data?.globus_username
                      ? { globus_username: profile.data.globus_username }
                      : {}),
              ]),
            )}
            errors={data.detailErrors}
            sampleResults={data.sampleResults}
            epic={epic}
            askIntent={askIntent}
            intentToDownload={data.intentToDownload}
            onIntent={(intentToDownload) => update({ intentToDownload, detailsDone: false })}
            onChange={(formId, values, errors) =>
              setData((current) => ({
                ...current,
                details: { ...current.details, [formId]: values },
                detailErrors: { ...current.detailErrors, [formId]: errors },
                detailsDone: false,
              }))
            }
            onSampleResults={(sampleResults) => update({ sampleResults })}
            onContinue={() => {
              update({ detailsDone: true });
              next();
            }}
            collection={
              needsCollection(data.selection) && (owner?.id ?? user?.id)
                ? {
                    cartId: data.cartId,
                    render: (error) => (
                      <CollectionSelector
                        ownerId={(owner?.id ?? user?.id)!}
                        pilot={tissueOf(data.selection)?.requestType === 7}
                        requestId={editId}
                        value={data.cartId}
                        onChange={(cartId) => update({ cartId, detailsDone: false })}
                        error={error}
                      />
                    ),
                  }
                : undefined
            }
          />
        );
      case 'team':
        return (
          <TeamStep
            members={members}
            loading={team.isPending}
            error={team.isError ? team.error.message : null}
            access={Object.fromEntries(
              members.map((member) => [member.id, accessFor(member.id, member.user_id)]),
            )}
            onChange={(access) => update({ access, teamDone: false })}
            newRows={newMembers}
            onNewRowsChange={(rows) => {
              setNewMembers(rows);
              setTeamErrors([]);
              update({ teamDone: false });
            }}
            serverErrors={teamErrors}
            saving={savingTeam}
            onContinue={() => void continueTeam()}
            preferredInstitutions={preferredInstitutions}
          />
        );
      case 'usage':
        return (
          <UsageStep
            usage={data.usage}
            termsOnly={researchMatch}
            onChange={(usage) => update({ usage })}
            onContinue={next}
          />
        );
      case 'review':
        return (
          <ReviewStep
            project={project}
            piName={owner?.display_name ?? user?.full_name ?? ''}
            selection={data.selection}
            members={teamWithAccess}
            submitting={submitting}
            errors={submitErrors}
            generalError={generalError}
            onEdit={goToKey}
            onSubmit={submit}
            onSaveDraft={canSaveDraft ? () => void saveDraft() : undefined}
            savingDraft={savingDraft}
            forms={(schemas.data ?? []).map((form) => fillProduct(form, PRODUCT_NAME))}
            details={data.details}
            intentToDownload={askIntent ? data.intentToDownload : null}
            usage={steps.includes('usage') ? data.usage : null}
            termsOnly={researchMatch}
            collection={
              chosenCart ? { name: chosenCart.collection_name, donors: chosenCart.identifiers.length } : null
            }
          />
        );
    }
  };

  return (
    <Page title="Resource Request" crumbs={crumbs}>
      {edited.data && <EditNotice request={edited.data} />}
      {(projects.isError || datasets.isError || sampleTypes.isError) && (
        <Alert color="red" role="alert">
          The wizard could not load its projects or resources. Please reload the page.
        </Alert>
      )}
      <Stepper
        active={active}
        onStepClick={(index) => {
          if (index <= furthest && allowedStep(index, steps.length, completed) === index) goTo(index);
        }}
        size="sm"
        wrap
        // Mantine's dimmed description is too faint for WCAG AA.
        styles={{ stepDescription: { color: 'var(--mantine-color-gray-7)' } }}
      >
        {steps.map((key, index) => (
          <Stepper.Step
            key={key}
            label={STEP_LABELS[key]}
            description={descriptions[key]}
            allowStepSelect={index <= furthest && allowedStep(index, steps.length, completed) === index}
          >
            <Stack gap="md" mt="md">
              <Title
                order={2}
                fz="xl"
                ref={index === active ? stepHeading : undefined}
                tabIndex={-1}
                style={{ outline: 'none' }}
              >
                {key === 'team' ? teamTitle(teamWithAccess.length) : STEP_LABELS[key]}
              </Title>
              {key === 'details' && submitErrors.length > 0 && (
                <Alert
                  color="red"
                  role="alert"
                  title="There were the following errors when submitting the request:"
                >
                  {submitErrors.join(' ')} If you need further assistance, please contact {SUPPORT_EMAIL} and
                  include the errors above
                </Alert>
              )}
              {renderStep(key)}
            </Stack>
          </Stepper.Step>
        ))}
      </Stepper>
    </Page>
  );
}
