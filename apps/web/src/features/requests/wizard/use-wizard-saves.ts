import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  REQUEST_CREATED,
  REQUEST_SUBMITTED,
  type ResearchTeamMemberDto,
  type UserProfileDto,
} from '@rrp/domain';
import type { FormSchema } from '@rrp/domain/forms';
import { ApiError } from '@/lib/api-client';
import { uploadFormFiles } from '@/lib/form-documents';
import { profileChanges, profileQueryKey, saveProfile } from '@/lib/profile';
import { useSession } from '@/lib/session';
import { createRequest, saveProjectTeam, updateRequest } from './api';
import { editPayload, requestBody, uploadingForm } from './request-body';
import { formFieldKeys, needsCollection, splitSubmissionErrors, tissueOf, type StepKey } from './rules';
import { saveTeamBody, teamSaveMessages } from './team-members';
import type { Wizard } from './use-wizard';
import type { WizardSources } from './use-wizard-sources';

/** The wizard's writes: the team's new members, the request (filed or kept as a draft) and the profile. */
export function useWizardSaves({
  wizard,
  sources,
  staff,
  editId,
  forms,
  profile,
  teamWithAccess,
  askIntent,
  next,
  goToKey,
}: {
  wizard: Wizard;
  sources: WizardSources;
  staff: boolean;
  editId: number | null;
  forms: readonly FormSchema[] | undefined;
  profile: UserProfileDto | undefined;
  teamWithAccess: readonly ResearchTeamMemberDto[];
  askIntent: boolean;
  next: () => void;
  goToKey: (key: StepKey) => void;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state, dispatch } = wizard;
  const { data } = state;

  // New members are saved to the project's team first, then get access on this request.
  const continueTeam = async () => {
    if (state.newMembers.length && data.projectId !== null) {
      const teamBody = saveTeamBody(data.projectId, sources.members, state.newMembers);
      if (!teamBody) return;
      dispatch({ type: 'teamSaveStarted' });
      try {
        const saved = await saveProjectTeam(teamBody);
        await queryClient.invalidateQueries({ queryKey: ['research-team', data.projectId] });
        const added = new Set(state.newMembers.map((row) => row.email.trim().toLowerCase()));
        const withAccess = saved.filter((member) => added.has(member.email.toLowerCase()));
        dispatch({ type: 'teamSaved', withAccess: withAccess.map((member) => member.id) });
      } catch (error) {
        dispatch({
          type: 'teamSaveFailed',
          errors:
            error instanceof ApiError && error.status === 400
              ? teamSaveMessages(error.body)
              : [error instanceof Error ? error.message : String(error)],
        });
        return;
      }
    }
    wizard.change({ teamDone: true });
    next();
  };

  /** The request to file; documents chosen on its form are uploaded first and kept as their ids. */
  const body = async () => {
    const uploading = uploadingForm(data.selection);
    let details = data.details;
    if (uploading) {
      const form = (forms ?? []).find((schema) => schema.id === uploading.formId)!;
      const answers = await uploadFormFiles(form, details[uploading.formId] ?? {}, {
        type: uploading.type,
        project: data.projectId!,
      });
      dispatch({ type: 'answersUploaded', formId: uploading.formId, answers });
      details = { ...details, [uploading.formId]: answers };
    }
    return requestBody(
      { ...data, details },
      { staff, owner: sources.owner, userId: user?.id ?? null, teamWithAccess, askIntent },
    );
  };

  /**
   * Shipping and contact details typed for a biospecimen request go to My Profile (researcher §3
   * "User profile fields updated from the wizard"); staff filing for a PI leave profiles alone.
   */
  const rememberProfile = async () => {
    const shipped =
      data.selection.find((resource) => resource.kind === 'sample') ??
      (needsCollection(data.selection) ? tissueOf(data.selection) : null);
    if (staff || !user || !shipped) return;
    const changed = profileChanges(data.details[shipped.formCode ?? ''] ?? {}, profile);
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

  const saveDraft = async () => {
    dispatch({ type: 'sendStarted', draft: true });
    try {
      const payload = { ...(await body()), submit: false };
      const saved = editId
        ? await updateRequest(editId, editPayload(payload, data, staff))
        : await createRequest(payload);
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
      dispatch({ type: 'draftSaved' });
    } catch (error) {
      dispatch({
        type: 'sendFailed',
        generalError: error instanceof ApiError ? error.summary : String(error),
      });
    }
  };

  const submit = async () => {
    dispatch({ type: 'sendStarted', draft: false });
    try {
      const payload = await body();
      const request = editId
        ? await updateRequest(editId, {
            ...editPayload(payload, data, staff),
            // A draft is submitted by its edit; a returned request goes back to review by itself.
            ...(sources.edited.data?.status === REQUEST_CREATED ? { status: REQUEST_SUBMITTED } : {}),
          })
        : await createRequest(payload);
      await rememberProfile();
      await queryClient.invalidateQueries({ queryKey: ['requests'] });
      dispatch({ type: 'submitted', request });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const keys = Object.fromEntries(
          (forms ?? []).map((form) => [form.id, formFieldKeys(form.fields)] as const),
        );
        const { fields, others } = splitSubmissionErrors(error.body, keys);
        if (Object.keys(fields).length > 0) {
          dispatch({ type: 'sendFailed', detailErrors: fields, submitErrors: others });
          goToKey('details');
        } else dispatch({ type: 'sendFailed', submitErrors: others.length ? others : [error.summary] });
      } else if (error instanceof ApiError) dispatch({ type: 'sendFailed', generalError: error.summary });
      else
        dispatch({
          type: 'sendFailed',
          generalError: error instanceof Error ? error.message : String(error),
        });
    }
  };

  return { continueTeam, saveDraft, submit };
}
