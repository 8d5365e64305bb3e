import { can, type SessionUserDto, type UserProfileDto } from '@rrp/domain';
import { fillProduct, type FormValues } from '@rrp/domain/forms';
import { PRODUCT_NAME } from '@/lib/config';
import { profileAnswers } from '@/lib/profile';
import { useActor } from '@/lib/use-can';
import { needsCollection, tissueOf, type StepKey } from './rules';
import { CollectionSelector } from './steps/collection-selector';
import { DetailsStep } from './steps/details-step';
import { ProjectStep } from './steps/project-step';
import { ResourcesStep } from './steps/resources-step';
import { ReviewStep } from './steps/review-step';
import { TeamStep } from './steps/team-step';
import { UsageStep } from './steps/usage-step';
import type { WizardFlow } from './use-wizard-flow';

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

/** The answers a details form shows: what was typed, else what the profile already knows. */
function detailValues(flow: WizardFlow): Record<string, FormValues> {
  const { wizard, user, profile, staff, sources } = flow;
  const { data } = wizard.state;
  return Object.fromEntries(
    flow.formIds.map((id) => [
      id,
      data.details[id] ??
        (data.selection[0]?.kind === 'sample' || (id === 'abn_tissue' && needsCollection(data.selection))
          ? contactDefaults(user, profile, staff, sources.owner?.display_name ?? null)
          : id === 'globus_account' && !staff && profile?.globus_username
            ? { globus_username: profile.globus_username }
            : {}),
    ]),
  );
}

/** The content of one wizard step, wired to the wizard's state and saves. */
export function WizardStep({ stepKey, flow }: { stepKey: StepKey; flow: WizardFlow }) {
  const actor = useActor();
  const { wizard, sources, user, staff, next } = flow;
  const { state } = wizard;
  const { data } = state;
  const { owner, members } = sources;
  switch (stepKey) {
    case 'project':
      return (
        <ProjectStep
          projects={sources.projectList}
          projectId={data.projectId}
          staff={staff}
          overridesLock={can(actor, 'update', 'Project')}
          onSelect={(chosen) => wizard.chooseProject(chosen, sources.project)}
          onAutismChange={() => wizard.changeSelection([])}
          onContinue={next}
        />
      );
    case 'resources':
      return (
        <ResourcesStep
          resources={sources.resources}
          selection={data.selection}
          onChange={wizard.changeSelection}
          onContinue={next}
          initialKey={flow.datasetInUrl ? (data.selection[0]?.key ?? null) : null}
        />
      );
    case 'details': {
      const collectionOwner = owner?.id ?? user?.id;
      return (
        <DetailsStep
          formIds={flow.formIds}
          selection={data.selection}
          values={detailValues(flow)}
          errors={data.detailErrors}
          sampleResults={data.sampleResults}
          epic={flow.epic}
          askIntent={flow.askIntent}
          intentToDownload={data.intentToDownload}
          onIntent={(intentToDownload) => wizard.change({ intentToDownload, detailsDone: false })}
          onChange={wizard.changeDetails}
          onSampleResults={(sampleResults) => wizard.change({ sampleResults })}
          onContinue={() => {
            wizard.change({ detailsDone: true });
            next();
          }}
          collection={
            needsCollection(data.selection) && collectionOwner
              ? {
                  cartId: data.cartId,
                  render: (error) => (
                    <CollectionSelector
                      ownerId={collectionOwner}
                      pilot={tissueOf(data.selection)?.requestType === 7}
                      requestId={flow.editId}
                      value={data.cartId}
                      onChange={(cartId) => wizard.change({ cartId, detailsDone: false })}
                      error={error}
                    />
                  ),
                }
              : undefined
          }
        />
      );
    }
    case 'team':
      return (
        <TeamStep
          members={members}
          loading={sources.team.isPending}
          error={sources.team.isError ? sources.team.error.message : null}
          access={Object.fromEntries(
            members.map((member) => [member.id, flow.accessFor(member.id, member.user_id)]),
          )}
          onChange={(access) => wizard.change({ access, teamDone: false })}
          newRows={state.newMembers}
          onNewRowsChange={wizard.changeNewMembers}
          serverErrors={state.teamErrors}
          saving={state.savingTeam}
          onContinue={() => void flow.continueTeam()}
          preferredInstitutions={sources.preferredInstitutions}
        />
      );
    case 'usage':
      return (
        <UsageStep
          usage={data.usage}
          termsOnly={flow.researchMatch}
          onChange={(usage) => wizard.change({ usage })}
          onContinue={next}
        />
      );
    case 'review':
      return (
        <ReviewStep
          project={sources.project}
          piName={owner?.display_name ?? user?.full_name ?? ''}
          selection={data.selection}
          members={flow.teamWithAccess}
          submitting={state.submitting}
          errors={state.submitErrors}
          generalError={state.generalError}
          onEdit={flow.goToKey}
          onSubmit={flow.submit}
          onSaveDraft={flow.canSaveDraft ? () => void flow.saveDraft() : undefined}
          savingDraft={state.savingDraft}
          forms={flow.forms.map((form) => fillProduct(form, PRODUCT_NAME))}
          details={data.details}
          intentToDownload={flow.askIntent ? data.intentToDownload : null}
          usage={flow.steps.includes('usage') ? data.usage : null}
          termsOnly={flow.researchMatch}
          collection={
            flow.chosenCart
              ? { name: flow.chosenCart.collection_name, donors: flow.chosenCart.identifiers.length }
              : null
          }
        />
      );
  }
}
