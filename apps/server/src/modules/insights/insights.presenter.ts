import Papa from 'papaparse';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  TURNAROUND_SLOWEST_INSTITUTIONS,
  type DurationStatsDto,
  type RequestStatusId,
  type TurnaroundDto,
} from '@rrp/domain';
import type * as repo from './insights.repo';

/** Everything the metrics computed for one period and type; the API answer and the CSV file are views of it. */
export interface TurnaroundReport {
  from: string;
  to: string;
  typeId: number | null;
  computedAt: Date;
  statuses: (repo.Durations & { statusId: number })[];
  submissionToDecision: repo.Durations;
  approvalToFulfilment: repo.Durations;
  reviewers: repo.ReviewerDurations[];
  rda: { overall: repo.Durations; institutions: repo.InstitutionDurations[] };
  ageing: repo.Ageing[];
}

/** Days to one decimal: what a person compares, without pretending to more precision. */
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

const stats = (value: repo.Durations): DurationStatsDto => ({
  count: value.count,
  median_days: oneDecimal(value.median),
  p90_days: oneDecimal(value.p90),
});

const statusName = (status: number) => REQUEST_STATUSES[status as RequestStatusId] ?? `Status ${status}`;
const personName = (person: { firstName: string; lastName: string; email: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

export function presentTurnaround(report: TurnaroundReport): TurnaroundDto {
  return {
    from: report.from,
    to: report.to,
    type: report.typeId,
    computed_at: report.computedAt.toISOString(),
    statuses: report.statuses.map((row) => ({
      status: row.statusId,
      status_name: statusName(row.statusId),
      ...stats(row),
    })),
    submission_to_decision: stats(report.submissionToDecision),
    approval_to_fulfilment: stats(report.approvalToFulfilment),
    reviewers: report.reviewers.map((row) => ({
      reviewer: { id: row.reviewerId, full_name: personName(row) },
      ...stats(row),
    })),
    rda: {
      ...stats(report.rda.overall),
      institutions: report.rda.institutions.length,
      slowest: report.rda.institutions.slice(0, TURNAROUND_SLOWEST_INSTITUTIONS).map((row) => ({
        institution: { id: row.institutionId, name: row.name },
        ...stats(row),
      })),
    },
    ageing: report.ageing.map((row) => ({
      status: row.statusId,
      status_name: statusName(row.statusId),
      open: row.open,
      over_7_days: row.over[7],
      over_14_days: row.over[14],
      over_30_days: row.over[30],
    })),
  };
}

const CSV_HEADER = [
  'Measure',
  'Of',
  'Count',
  'Median days',
  '90th percentile days',
  'Over 7 days',
  'Over 14 days',
  'Over 30 days',
  'Period from',
  'Period to',
  'Request type',
];

/** The file name of a report's CSV download. */
export const turnaroundFileName = (report: Pick<TurnaroundReport, 'from' | 'to'>) =>
  `turnaround-${report.from}-to-${report.to}.csv`;

/**
 * The report as one CSV table, a row per figure (every reviewer and every institution, not only the
 * slowest), so it pivots in a spreadsheet; cells a spreadsheet would run as formulae are escaped.
 */
export function turnaroundCsv(report: TurnaroundReport): string {
  const type =
    report.typeId === null ? 'All types' : REQUEST_TYPES[report.typeId as keyof typeof REQUEST_TYPES];
  const period = [report.from, report.to, type];
  const figure = (measure: string, of: string, value: repo.Durations) => {
    const shown = stats(value);
    return [measure, of, shown.count, shown.median_days ?? '', shown.p90_days ?? '', '', '', '', ...period];
  };
  const rows: (string | number)[][] = [
    ...report.statuses.map((row) => figure('Time in status', statusName(row.statusId), row)),
    figure('Submission to decision', 'All requests', report.submissionToDecision),
    figure('Approval to fulfilment', 'All requests', report.approvalToFulfilment),
    ...report.reviewers.map((row) => figure('Assignment to completed review', personName(row), row)),
    figure('RDA sent to fully executed', 'All institutions', report.rda.overall),
    ...report.rda.institutions.map((row) => figure('RDA sent to fully executed', row.name, row)),
    ...report.ageing.map((row) => [
      'Open items now',
      statusName(row.statusId),
      row.open,
      '',
      '',
      row.over[7],
      row.over[14],
      row.over[30],
      ...period,
    ]),
  ];
  return `${Papa.unparse([CSV_HEADER, ...rows], { escapeFormulae: true })}\r\n`;
}
