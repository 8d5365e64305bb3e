import { useMemo, useReducer } from 'react';
import type { ProjectDto, RequestDto } from '@rrp/domain';
import type { FormErrors, FormValues } from '@rrp/domain/forms';
import { tissueOf, type Resource } from './rules';
import { emptyWizard, resourceGroup, type WizardData } from './state';
import type { NewMemberRow } from './team-members';

/** The wizard's answers and the state of its saves; `data` decides which steps open. */
export interface WizardState {
  data: WizardData;
  /** Whether the wizard's start (the edited request, or the URL's choices) has been applied. */
  seeded: boolean;
  /** The furthest step index reached: the stepper lets the user go back to any step up to it. */
  furthest: number;
  /** New team rows typed at the team step, saved to the project's team on Continue. */
  newMembers: NewMemberRow[];
  teamErrors: string[];
  savingTeam: boolean;
  submitting: boolean;
  savingDraft: boolean;
  /** Messages of a refused submission that belong to no field of the details forms. */
  submitErrors: string[];
  generalError: string | null;
  /** The filed request: the wizard shows its thank-you page. */
  done: RequestDto | null;
}

type WizardAction =
  | { type: 'seeded'; start: Partial<WizardData> }
  | { type: 'changed'; patch: Partial<WizardData> }
  | { type: 'stepReached'; step: number }
  | { type: 'projectChosen'; project: ProjectDto | null; previous: ProjectDto | null }
  | { type: 'selectionChanged'; selection: Resource[] }
  | { type: 'detailsChanged'; formId: string; values: FormValues; errors: FormErrors }
  | { type: 'answersUploaded'; formId: string; answers: FormValues }
  | { type: 'newMembersChanged'; rows: NewMemberRow[] }
  | { type: 'teamSaveStarted' }
  | { type: 'teamSaved'; withAccess: number[] }
  | { type: 'teamSaveFailed'; errors: string[] }
  | { type: 'sendStarted'; draft: boolean }
  | { type: 'draftSaved' }
  | { type: 'submitted'; request: RequestDto }
  | {
      type: 'sendFailed';
      generalError?: string;
      submitErrors?: string[];
      /** Field errors of the details forms, per form id: the details step must be done again. */
      detailErrors?: Record<string, FormErrors>;
    };

export const initialWizardState = (): WizardState => ({
  data: emptyWizard(),
  seeded: false,
  furthest: 0,
  newMembers: [],
  teamErrors: [],
  savingTeam: false,
  submitting: false,
  savingDraft: false,
  submitErrors: [],
  generalError: null,
  done: null,
});

/** Choosing another project: its team access starts over, and resources it may not ask for go. */
function chooseProject(
  data: WizardData,
  project: ProjectDto | null,
  previous: ProjectDto | null,
): WizardData {
  const autismChanged =
    project !== null && previous !== null && project.non_autism_research !== previous.non_autism_research;
  const clearsResources =
    autismChanged || (project?.non_autism_research && data.selection.some((item) => item.cohort));
  return {
    ...data,
    projectId: project?.id ?? null,
    access: {},
    teamDone: false,
    ...(clearsResources ? { selection: [], details: {}, detailErrors: {}, detailsDone: false } : {}),
  };
}

function changeSelection(data: WizardData, selection: Resource[]): WizardData {
  const groupChanged = resourceGroup(selection) !== resourceGroup(data.selection);
  const tissueChanged = tissueOf(selection)?.requestType !== tissueOf(data.selection)?.requestType;
  return {
    ...data,
    selection,
    ...(tissueChanged ? { cartId: null } : {}),
    // Changing the resource group clears the details entered for the other group.
    ...(groupChanged ? { details: {}, detailErrors: {}, sampleResults: {} } : {}),
    detailsDone: false,
  };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const { data } = state;
  switch (action.type) {
    case 'seeded':
      return { ...state, seeded: true, data: { ...data, ...action.start } };
    case 'changed':
      return { ...state, data: { ...data, ...action.patch } };
    case 'stepReached':
      return { ...state, furthest: Math.max(state.furthest, action.step) };
    case 'projectChosen': {
      // Unsaved new team rows belong to the previous project's team: they go.
      const sameProject = (action.project?.id ?? null) === data.projectId;
      return {
        ...state,
        ...(sameProject ? {} : { newMembers: [], teamErrors: [] }),
        data: chooseProject(data, action.project, action.previous),
      };
    }
    case 'selectionChanged':
      return { ...state, data: changeSelection(data, action.selection) };
    case 'detailsChanged':
      return {
        ...state,
        data: {
          ...data,
          details: { ...data.details, [action.formId]: action.values },
          detailErrors: { ...data.detailErrors, [action.formId]: action.errors },
          detailsDone: false,
        },
      };
    case 'answersUploaded':
      return { ...state, data: { ...data, details: { ...data.details, [action.formId]: action.answers } } };
    case 'newMembersChanged':
      return { ...state, newMembers: action.rows, teamErrors: [], data: { ...data, teamDone: false } };
    case 'teamSaveStarted':
      return { ...state, savingTeam: true, teamErrors: [] };
    case 'teamSaved': {
      const access = { ...data.access };
      for (const id of action.withAccess) access[id] = true;
      return { ...state, savingTeam: false, newMembers: [], data: { ...data, access } };
    }
    case 'teamSaveFailed':
      return { ...state, savingTeam: false, teamErrors: action.errors };
    case 'sendStarted':
      return {
        ...state,
        ...(action.draft ? { savingDraft: true } : { submitting: true }),
        submitErrors: [],
        generalError: null,
      };
    case 'draftSaved':
      return { ...state, savingDraft: false };
    case 'submitted':
      return { ...state, submitting: false, done: action.request };
    case 'sendFailed':
      return {
        ...state,
        submitting: false,
        savingDraft: false,
        submitErrors: action.submitErrors ?? state.submitErrors,
        generalError: action.generalError ?? state.generalError,
        ...(action.detailErrors
          ? {
              data: {
                ...data,
                detailErrors: { ...data.detailErrors, ...action.detailErrors },
                detailsDone: false,
              },
            }
          : {}),
      };
  }
}

/** The wizard's state and its transitions, one named function per thing the screen does. */
export function useWizard() {
  const [state, dispatch] = useReducer(wizardReducer, undefined, initialWizardState);
  const actions = useMemo(
    () => ({
      dispatch,
      seed: (start: Partial<WizardData>) => dispatch({ type: 'seeded', start }),
      change: (patch: Partial<WizardData>) => dispatch({ type: 'changed', patch }),
      reachStep: (step: number) => dispatch({ type: 'stepReached', step }),
      chooseProject: (project: ProjectDto | null, previous: ProjectDto | null) =>
        dispatch({ type: 'projectChosen', project, previous }),
      changeSelection: (selection: Resource[]) => dispatch({ type: 'selectionChanged', selection }),
      changeDetails: (formId: string, values: FormValues, errors: FormErrors) =>
        dispatch({ type: 'detailsChanged', formId, values, errors }),
      changeNewMembers: (rows: NewMemberRow[]) => dispatch({ type: 'newMembersChanged', rows }),
    }),
    [],
  );
  return { state, ...actions };
}

export type Wizard = ReturnType<typeof useWizard>;
