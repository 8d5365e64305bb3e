import { USAGE_QUESTIONS } from '@rrp/domain';
import type { FormErrors, FormValues } from '@rrp/domain/forms';
import type { SampleResult } from './api';
import type { Resource } from './rules';

export interface UsageAnswers {
  answers: (boolean | null)[];
  terms: boolean;
}

/** Everything the wizard has collected; each step's output decides whether later steps open. */
export interface WizardData {
  projectId: number | null;
  selection: Resource[];
  /** Answers per resource-detail form id, and the errors shown on them. */
  details: Record<string, FormValues>;
  detailErrors: Record<string, FormErrors>;
  /** Whether the details step was completed for the current selection. */
  detailsDone: boolean;
  /** Whether the team will download the datasets (asked when one is delivered through the cloud). */
  intentToDownload: boolean | null;
  sampleResults: Record<string, SampleResult>;
  /** Access per team member id (the PI always has access). */
  access: Record<number, boolean>;
  teamDone: boolean;
  usage: UsageAnswers;
  /** The collection a pilot tissue or tissue request asks for. */
  cartId: number | null;
}

export const emptyWizard = (): WizardData => ({
  projectId: null,
  selection: [],
  details: {},
  detailErrors: {},
  detailsDone: false,
  intentToDownload: null,
  sampleResults: {},
  access: {},
  teamDone: false,
  usage: { answers: USAGE_QUESTIONS.map(() => null), terms: false },
  cartId: null,
});

/** The usage step (researcher §5): three questions answered True and the terms; Research Match the terms only. */
export const usageComplete = (usage: UsageAnswers, termsOnly = false): boolean =>
  usage.terms && (termsOnly || usage.answers.every((answer) => answer === true));

/** The kind of resources selected: changing it clears the details entered for the other kind. */
export const resourceGroup = (selection: readonly Resource[]): Resource['kind'] | null =>
  selection[0]?.kind ?? null;

/** Whether the selection files a Research Match application (the "Recontacting" kind, type 4). */
export const isResearchMatch = (selection: readonly Resource[]) =>
  selection.some((resource) => resource.kind === 'research_match');
