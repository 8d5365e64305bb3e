import { Alert, Loader, Stack, Stepper, Title } from '@mantine/core';
import { OWNER_EDITABLE_STATUSES, REQUEST_MESSAGES } from '@rrp/domain';
import { Page } from '@/components/page';
import { SUPPORT_EMAIL } from '@/lib/config';
import { resourcesTitle, STEP_LABELS, teamTitle, type StepKey } from './rules';
import { EditNotice } from './edit-notice';
import { type WizardEntry } from './entry';
import { ThankYou } from './thank-you';
import { useWizardFlow } from './use-wizard-flow';
import { WizardStep } from './wizard-step';

const crumbs = [{ label: 'Requests', to: '/request' }];

/** /request/create: the six-step resource request wizard (researcher §2). */
export default function RequestWizardScreen({ entry }: { entry?: WizardEntry } = {}) {
  const flow = useWizardFlow(entry);
  const { sources, user, steps, active, teamWithAccess } = flow;
  const { data, done, submitErrors } = flow.wizard.state;
  const edited = sources.edited.data;

  if (sources.loading)
    return (
      <Page title="Resource Request" crumbs={crumbs}>
        <Loader aria-label="Loading" />
      </Page>
    );
  if (flow.editing && edited && !(OWNER_EDITABLE_STATUSES as readonly number[]).includes(edited.status))
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

  const descriptions: Record<StepKey, string | undefined> = {
    project: sources.project?.title,
    resources: resourcesTitle(data.selection.map((resource) => resource.name)) ?? undefined,
    details: undefined,
    team: data.projectId !== null ? teamTitle(teamWithAccess.length) : undefined,
    usage: undefined,
    review: undefined,
  };

  return (
    <Page title="Resource Request" crumbs={crumbs}>
      {edited && <EditNotice request={edited} />}
      {sources.loadFailed && (
        <Alert color="red" role="alert">
          The wizard could not load its projects or resources. Please reload the page.
        </Alert>
      )}
      <Stepper
        active={active}
        onStepClick={(index) => {
          if (flow.selectable(index)) flow.goTo(index);
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
            allowStepSelect={flow.selectable(index)}
          >
            <Stack gap="md" mt="md">
              <Title
                order={2}
                fz="xl"
                ref={index === active ? flow.stepHeading : undefined}
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
              <WizardStep stepKey={key} flow={flow} />
            </Stack>
          </Stepper.Step>
        ))}
      </Stepper>
    </Page>
  );
}
