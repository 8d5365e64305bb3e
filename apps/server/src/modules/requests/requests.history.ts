import {
  NO_VALUE,
  REQUEST_STATUSES,
  REQUEST_TYPE,
  REQUEST_TYPES,
  USAGE_QUESTIONS,
  type HistoryFieldDto,
} from '@rrp/domain';
import { answerText, formLabels, type FormSchema } from '@rrp/domain/forms';
import {
  humanize,
  NOTE_KEY,
  refPart,
  text,
  valueParts,
  type HistoryFormat,
  type NameBook,
  type RefKind,
  type Snapshot,
} from '../../platform/history-format';

/** The resource form whose answers a request of each type keeps (the biospecimen one is its sample type's). */
const ANSWER_FORMS: Partial<Record<number, string>> = {
  1: 'globus_account',
  4: 'research_match_application',
  5: 'research_match_renewal',
};

const USAGE_SECTION = 'Resource usage';
/** Answer keys shown by other fields of the request (the sample type, the samples and usage answers). */
const SHOWN_ELSEWHERE = new Set(['sample_type', 'samples', 'usage_answers']);

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A reviewer assigned despite likely conflicts, as the version that assigned them notes it (issue 33). */
interface ConflictNote {
  display_name: string;
  conflicts: { reason: string }[];
  reason: string | null;
}

/** Per flagged reviewer: who, why they were flagged, and the reason given for assigning them. */
function conflictNoteFields(notes: unknown): HistoryFieldDto[] {
  if (!Array.isArray(notes) || notes.length === 0) return [];
  const lines = (notes as ConflictNote[]).map((note) =>
    text(
      `${note.display_name}: ${note.conflicts.map((conflict) => conflict.reason).join(' ')} ${
        note.reason === null ? 'No reason was given.' : `Reason given: ${note.reason}`
      }`,
    ),
  );
  return [
    {
      key: `${NOTE_KEY}reviewer_conflicts`,
      label: 'Reviewers assigned despite a likely conflict',
      section: null,
      value: lines,
      long: true,
    },
  ];
}

/** '11000-p1 (1)' per requested sample: its id and the amount asked for. */
function sampleParts(samples: unknown) {
  return Object.entries(record(samples)).map(([id, amount]) => text(`${id} (${String(amount)})`));
}

/** A request's form answers, question by question in the form's order, then its usage answers. */
function answerFields(data: Snapshot, form: FormSchema | null): HistoryFieldDto[] {
  const answers = record(data.additionalData);
  const labels = formLabels(form ?? undefined);
  const section = form?.title ?? 'Form answers';
  const long = new Set(form?.fields.filter((item) => item.type === 'textarea').map((item) => item.key));
  const field = (key: string, label: string, value: HistoryFieldDto['value']): HistoryFieldDto => ({
    key: `answers.${key}`,
    label,
    section,
    value,
    long: long.has(key),
  });
  const written = (key: string) => {
    const value = answerText(answers[key], labels, key);
    return value === NO_VALUE ? [] : [text(value)];
  };
  // The samples live beside the answers (a table of their own), in the form's place for them.
  const samples =
    data.samples === undefined
      ? []
      : [field('samples', labels.get('samples')?.label ?? 'Samples', sampleParts(data.samples))];
  const asked = [...labels.keys()].filter((key) => key !== 'samples' && answers[key] !== undefined);
  // Answers the form no longer asks (an older version of it) follow, labelled from their key.
  const others = Object.keys(answers).filter((key) => !labels.has(key) && !SHOWN_ELSEWHERE.has(key));
  const usage = Array.isArray(answers.usage_answers) ? (answers.usage_answers as unknown[]) : [];
  return [
    ...(labels.has('samples') ? samples : []),
    ...asked.map((key) => field(key, labels.get(key)!.label, written(key))),
    ...others.map((key) => field(key, humanize(key), valueParts(answers[key]))),
    ...(labels.has('samples') ? [] : samples),
    ...(usage.length === 0
      ? []
      : USAGE_QUESTIONS.map((question, index): HistoryFieldDto => ({
          key: `usage.${index}`,
          label: question,
          section: USAGE_SECTION,
          value: valueParts(usage[index] ?? null),
          long: false,
        }))),
  ];
}

/** The people on the request with access, removed ones noted. */
function teamParts(data: Snapshot, names: NameBook) {
  const members = Array.isArray(data.access_control_list) ? data.access_control_list : [];
  return members.map((member: { user_id?: number; removal_date?: string | null }) =>
    refPart(names, 'user', Number(member.user_id), member.removal_date ? 'removed' : undefined),
  );
}

/**
 * A request's audit trail (researcher §2 "field-by-field version comparison"): its status and
 * kind, who and what it is for, the team, then the answers of its form in the form's order and
 * the usage answers. Bookkeeping (`portalRequestId`, the derived display name) and the staff panel's
 * internals (locked reviewers, Zendesk tickets) are left out; reviewers are for staff only.
 */
export function requestHistoryFormat(formFor: (id: string) => FormSchema | null): HistoryFormat {
  const answerForm = (data: Snapshot, names: NameBook) => {
    const code =
      data.typeId === REQUEST_TYPE.biospecimen && typeof data.sampleTypeId === 'number'
        ? names.get('sampletype', data.sampleTypeId)?.code
        : ANSWER_FORMS[Number(data.typeId)];
    return code ? formFor(code) : null;
  };
  return {
    fields: [
      { key: 'statusId', label: 'Status', choices: REQUEST_STATUSES },
      { key: 'typeId', label: 'Request type', choices: REQUEST_TYPES },
      { key: 'projectId', label: 'Project', ref: 'project' },
      { key: 'ownerId', label: 'Principal Investigator', ref: 'user' },
      { key: 'creatorId', label: 'Filed by', ref: 'user' },
      { key: 'institutionId', label: 'Institution', ref: 'institution' },
      { key: 'datasets', label: 'Datasets', ref: 'dataset' },
      { key: 'sampleTypeId', label: 'Sample type', ref: 'sampletype' },
      { key: 'cohortIds', label: 'Cohorts', ref: 'cohort' },
      { key: 'submissionDate', label: 'Date submitted', as: 'datetime' },
      { key: 'decisionDate', label: 'Decision date', as: 'datetime' },
      { key: 'expirationDate', label: 'Expiration date', as: 'date' },
      { key: 'revocationDate', label: 'Access revoked', as: 'date' },
      { key: 'intentToDownload', label: 'Will the team download the data?' },
      { key: 'agreedNih', label: 'Agreed to the NIH Genomic Data Sharing Policy' },
      { key: 'dataSafeguard', label: 'Agreed to the data safeguards' },
      { key: 'gpfAccessStatus', label: 'GPF access needed', choices: { 1: 'No', 2: 'Yes' } },
      {
        computed: (data, names) => [
          {
            key: 'team',
            label: 'Team on the request',
            section: null,
            value: teamParts(data, names),
            long: false,
          },
        ],
        sourceKeys: ['access_control_list'],
        refs: (data) =>
          (Array.isArray(data.access_control_list) ? data.access_control_list : []).map(
            (member: { user_id?: number }): [RefKind, number] => ['user', Number(member.user_id)],
          ),
      },
      { key: 'review_users', label: 'Reviewers', ref: 'user', staffOnly: true },
      {
        computed: (data) => conflictNoteFields(data.reviewer_conflicts),
        sourceKeys: ['reviewer_conflicts'],
        staffOnly: true,
      },
      {
        computed: (data, names) => answerFields(data, answerForm(data, names)),
        sourceKeys: ['additionalData', 'samples'],
      },
      { key: 'agreedToUsagePolicy', label: 'Agreed to the terms', section: USAGE_SECTION },
    ],
  };
}
