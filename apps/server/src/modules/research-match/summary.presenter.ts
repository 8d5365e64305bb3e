import {
  permissionsFor,
  rmIrbStatusName,
  type Actor,
  type RequestSummaryDto,
  type SummaryListField,
  type SummaryTextField,
} from '@rrp/domain';
import { formLabels, type FormSchema } from '@rrp/domain/forms';
import type { SummaryRow, SummaryValues } from './summary.repo';

/** The API's text fields and the columns holding them. */
export const TEXT_COLUMNS = {
  scientific_title: 'scientificTitle',
  scientific_abstract: 'scientificAbstract',
  research_aim: 'researchAim',
  meeting_notes: 'meetingNotes',
  principalInvestigator: 'principalInvestigator',
  email: 'email',
  institution: 'institution',
  hypotheses: 'hypotheses',
  irb_status_comments: 'irbStatusComments',
  region: 'region',
  std_instruments: 'stdInstruments',
  build_preference: 'buildPreference',
  genetic_request: 'geneticRequest',
  procedure: 'procedure',
  time_required: 'timeRequired',
  justification: 'justification',
  incl_criteria: 'inclCriteria',
  excl_criteria: 'exclCriteria',
  feedback: 'feedback',
  funding: 'funding',
  risks: 'risks',
  stakeholder_feedback: 'stakeholderFeedback',
  considerations: 'considerations',
} as const satisfies Record<SummaryTextField, keyof SummaryRow>;

export const LIST_COLUMNS = {
  study_type: 'studyType',
  category: 'category',
  keywords: 'keywords',
  cohort: 'cohort',
} as const satisfies Record<SummaryListField, keyof SummaryRow>;

/** The summary as GET request/{id}/summary answers it; meeting notes only for those who edit it. */
export function presentSummary(
  actor: Actor,
  request: { id: number; portalRequestId: string },
  row: SummaryRow,
  subject: object,
): RequestSummaryDto {
  const permissions = permissionsFor(actor, 'RequestSummary', subject);
  const { meeting_notes: notes, ...texts } = Object.fromEntries(
    Object.entries(TEXT_COLUMNS).map(([key, column]) => [key, row[column]]),
  ) as Record<SummaryTextField, string>;
  return {
    request: request.id,
    portal_request_id: request.portalRequestId,
    ...texts,
    ...(permissions.includes('update') ? { meeting_notes: notes } : {}),
    ...Object.fromEntries(Object.entries(LIST_COLUMNS).map(([key, column]) => [key, row[column]])),
    irb_status: row.irbStatus,
    irb_status_name: rmIrbStatusName(row.irbStatus),
    rm_ids: row.rmIds,
    due_date: row.dueDate?.toISOString() ?? null,
    review_quarter: row.reviewQuarter,
    review_cycle: row.reviewCycle,
    modified: row.modified.toISOString(),
    permissions,
  } as RequestSummaryDto;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The summary a submitted application starts with (staff §3): the project's scientific title and
 * abstract, the PI, and the application's answers under the summary's names, choices as labels.
 */
export function summaryFromApplication(
  form: FormSchema,
  application: {
    additionalData: Record<string, unknown>;
    ownerFirstName: string;
    ownerLastName: string;
    ownerEmail: string;
    institution: string | null;
    projectTitle: string;
    projectAbstract: string;
  },
): SummaryValues {
  const answers = (application.additionalData.rm_application ?? {}) as Record<string, unknown>;
  const labels = formLabels(form);
  const labelsOf = (key: string): string[] => {
    const value = answers[key];
    const options = labels.get(key)?.options;
    return (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]).map(
      (item) => options?.get(String(item)) ?? String(item),
    );
  };
  const irbStatus = Number(answers.irb_status);
  return {
    scientificTitle: application.projectTitle,
    scientificAbstract: application.projectAbstract,
    researchAim: text(answers.research_aim),
    principalInvestigator: `${application.ownerFirstName} ${application.ownerLastName}`.trim(),
    email: application.ownerEmail,
    institution: application.institution ?? '',
    hypotheses: text(answers.hypotheses),
    irbStatus: irbStatus === 1 || irbStatus === 2 ? irbStatus : null,
    irbStatusComments: text(answers.irb_status_comments),
    studyType: labelsOf('methods'),
    category: labelsOf('category'),
    keywords: labelsOf('keywords').slice(0, 3),
    cohort: labelsOf('cohort'),
    region: labelsOf('region')[0] ?? '',
    stdInstruments: text(answers.std_instruments),
    buildPreference: labelsOf('build_preference')[0] ?? '',
    procedure: text(answers.procedure),
    timeRequired: text(answers.time_length),
    justification: text(answers.justification),
    inclCriteria: text(answers.incl_criteria),
    exclCriteria: text(answers.excl_criteria),
    feedback: text(answers.feedback),
    funding: text(answers.funding),
    risks: text(answers.risks),
    stakeholderFeedback: text(answers.design_engagement),
  };
}
