import { describe, expect, it } from 'vitest';
import type { ProjectDto, RequestDto } from '@rrp/domain';
import { researchMatchResource, tissueResources, type Resource } from './rules';
import { initialWizardState, wizardReducer, type WizardState } from './use-wizard';

const project = (id: number, nonAutism = false) =>
  ({ id, title: `Project ${id}`, non_autism_research: nonAutism }) as ProjectDto;

const dataset = (id: number, cohort: string | null = 'SSC') =>
  ({ key: `dataset-${id}`, kind: 'dataset', id, name: `Dataset ${id}`, cohort }) as Resource;

const sample = (id: number) =>
  ({ key: `sample-${id}`, kind: 'sample', id, name: `Sample ${id}` }) as Resource;

/** A wizard with a project, a dataset chosen and its details done. */
function filledIn(): WizardState {
  const state = initialWizardState();
  return {
    ...state,
    newMembers: [{ key: 'row-1' } as WizardState['newMembers'][number]],
    teamErrors: ['row 1 email: Enter a valid email address.'],
    data: {
      ...state.data,
      projectId: 4,
      selection: [dataset(1)],
      details: { dataset_security: { agreed_nih: [true] } },
      detailErrors: { dataset_security: {} },
      detailsDone: true,
      access: { 7: true },
      teamDone: true,
      sampleResults: {},
    },
  };
}

describe('wizard state', () => {
  it('starts empty on the first step, with nothing being saved', () => {
    const state = initialWizardState();
    expect(state.seeded).toBe(false);
    expect(state.furthest).toBe(0);
    expect(state.data.projectId).toBeNull();
    expect(state.data.selection).toEqual([]);
    expect([state.submitting, state.savingDraft, state.savingTeam, state.done]).toEqual([
      false,
      false,
      false,
      null,
    ]);
  });

  it('applies its start once, over the empty answers', () => {
    const state = wizardReducer(initialWizardState(), {
      type: 'seeded',
      start: { projectId: 4, selection: [researchMatchResource()] },
    });
    expect(state.seeded).toBe(true);
    expect(state.data.projectId).toBe(4);
    expect(state.data.selection).toEqual([researchMatchResource()]);
    expect(state.data.usage.terms).toBe(false);
  });

  it('remembers the furthest step reached', () => {
    let state = wizardReducer(initialWizardState(), { type: 'stepReached', step: 3 });
    state = wizardReducer(state, { type: 'stepReached', step: 1 });
    expect(state.furthest).toBe(3);
  });

  it("starts the team over when another project is chosen, dropping the previous team's new rows", () => {
    const state = wizardReducer(filledIn(), {
      type: 'projectChosen',
      project: project(5),
      previous: project(4),
    });
    expect(state.data.projectId).toBe(5);
    expect(state.data.access).toEqual({});
    expect(state.data.teamDone).toBe(false);
    expect(state.newMembers).toEqual([]);
    expect(state.teamErrors).toEqual([]);
    // Both projects are autism research: the resources stay.
    expect(state.data.selection).toEqual([dataset(1)]);
    expect(state.data.detailsDone).toBe(true);
  });

  it('keeps the new team rows when the same project is chosen again', () => {
    const state = wizardReducer(filledIn(), {
      type: 'projectChosen',
      project: project(4),
      previous: project(4),
    });
    expect(state.newMembers).toHaveLength(1);
    expect(state.data.access).toEqual({});
  });

  it('clears the resources when the autism answer differs, or a non-autism project meets a cohort', () => {
    const changed = wizardReducer(filledIn(), {
      type: 'projectChosen',
      project: project(5, true),
      previous: project(4),
    });
    expect(changed.data.selection).toEqual([]);
    expect(changed.data.details).toEqual({});
    expect(changed.data.detailsDone).toBe(false);
    const first = wizardReducer(filledIn(), {
      type: 'projectChosen',
      project: project(5, true),
      previous: null,
    });
    expect(first.data.selection).toEqual([]);
    const noCohort = wizardReducer(
      { ...filledIn(), data: { ...filledIn().data, selection: [dataset(2, null)] } },
      { type: 'projectChosen', project: project(5, true), previous: null },
    );
    expect(noCohort.data.selection).toEqual([dataset(2, null)]);
  });

  it('clears the details of the other resource group, and the collection of another tissue resource', () => {
    const sameGroup = wizardReducer(filledIn(), {
      type: 'selectionChanged',
      selection: [dataset(1), dataset(2)],
    });
    expect(sameGroup.data.details).toEqual(filledIn().data.details);
    expect(sameGroup.data.detailsDone).toBe(false);
    const otherGroup = wizardReducer(filledIn(), { type: 'selectionChanged', selection: [sample(3)] });
    expect(otherGroup.data.details).toEqual({});
    expect(otherGroup.data.detailErrors).toEqual({});
    const [, pilot, tissue] = tissueResources();
    const withCart = wizardReducer(
      { ...filledIn(), data: { ...filledIn().data, selection: [pilot!], cartId: 12 } },
      { type: 'selectionChanged', selection: [pilot!] },
    );
    expect(withCart.data.cartId).toBe(12);
    expect(
      wizardReducer(withCart, { type: 'selectionChanged', selection: [tissue!] }).data.cartId,
    ).toBeNull();
  });

  it("keeps a details form's answers and errors, and asks for the step again", () => {
    const state = wizardReducer(filledIn(), {
      type: 'detailsChanged',
      formId: 'gpf_access',
      values: { gpf_access_status: 1 },
      errors: { gpf_access_status: 'Required field' },
    });
    expect(state.data.details).toEqual({
      dataset_security: { agreed_nih: [true] },
      gpf_access: { gpf_access_status: 1 },
    });
    expect(state.data.detailErrors.gpf_access).toEqual({ gpf_access_status: 'Required field' });
    expect(state.data.detailsDone).toBe(false);
  });

  it('gives saved new members access and empties the new rows; a refused save keeps them', () => {
    const saving = wizardReducer(filledIn(), { type: 'teamSaveStarted' });
    expect(saving.savingTeam).toBe(true);
    expect(saving.teamErrors).toEqual([]);
    const saved = wizardReducer(saving, { type: 'teamSaved', withAccess: [9] });
    expect(saved.savingTeam).toBe(false);
    expect(saved.newMembers).toEqual([]);
    expect(saved.data.access).toEqual({ 7: true, 9: true });
    const refused = wizardReducer(saving, { type: 'teamSaveFailed', errors: ['row 1 email: taken'] });
    expect(refused.savingTeam).toBe(false);
    expect(refused.newMembers).toHaveLength(1);
    expect(refused.teamErrors).toEqual(['row 1 email: taken']);
  });

  it('typing new rows clears the team errors and asks for the team step again', () => {
    const state = wizardReducer(filledIn(), { type: 'newMembersChanged', rows: [] });
    expect(state.teamErrors).toEqual([]);
    expect(state.data.teamDone).toBe(false);
  });

  it('tracks a submission: errors cleared at the start, the request kept at the end', () => {
    const failed = { ...filledIn(), submitErrors: ['old'], generalError: 'old' };
    const started = wizardReducer(failed, { type: 'sendStarted', draft: false });
    expect(started.submitting).toBe(true);
    expect(started.savingDraft).toBe(false);
    expect(started.submitErrors).toEqual([]);
    expect(started.generalError).toBeNull();
    const request = { id: 3, portal_request_id: 'R00003' } as RequestDto;
    const done = wizardReducer(started, { type: 'submitted', request });
    expect(done.submitting).toBe(false);
    expect(done.done).toBe(request);
    const draft = wizardReducer(failed, { type: 'sendStarted', draft: true });
    expect(draft.savingDraft).toBe(true);
    expect(wizardReducer(draft, { type: 'draftSaved' }).savingDraft).toBe(false);
  });

  it("puts a refused submission's field errors on the details forms and the others above them", () => {
    const started = wizardReducer(filledIn(), { type: 'sendStarted', draft: false });
    const state = wizardReducer(started, {
      type: 'sendFailed',
      detailErrors: { gpf_access: { gpf_access_status: 'Required field' } },
      submitErrors: ['Dataset 1 is no longer available.'],
    });
    expect(state.submitting).toBe(false);
    expect(state.data.detailErrors).toEqual({
      dataset_security: {},
      gpf_access: { gpf_access_status: 'Required field' },
    });
    expect(state.data.detailsDone).toBe(false);
    expect(state.submitErrors).toEqual(['Dataset 1 is no longer available.']);
    expect(state.generalError).toBeNull();
    const general = wizardReducer(started, { type: 'sendFailed', generalError: 'Network error' });
    expect(general.generalError).toBe('Network error');
    expect(general.data.detailsDone).toBe(true);
  });

  it("keeps a form's uploaded documents as their ids", () => {
    const state = wizardReducer(filledIn(), {
      type: 'answersUploaded',
      formId: 'research_match_application',
      answers: { irb_document: 41 },
    });
    expect(state.data.details.research_match_application).toEqual({ irb_document: 41 });
    expect(state.data.details.dataset_security).toEqual({ agreed_nih: [true] });
  });
});
