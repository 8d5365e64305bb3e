import { z } from 'zod';
import { REQUEST_TYPES } from '../constants/statuses';
import { idTextSchema } from './safe-input';
import { TURNAROUND_MAX_YEARS } from '../workflows/turnaround';

/**
 * Turnaround metrics (beyond the spec, issue 19, decision 270): `GET insights/turnaround/` for a
 * period of days and, optionally, one request type.
 */
export const INSIGHT_MESSAGES = {
  day: 'Enter a date as YYYY-MM-DD.',
  inverted: 'The period must end on or after the day it starts.',
  tooLong: `The period may be at most ${TURNAROUND_MAX_YEARS} years.`,
  type: 'Choose a valid request type.',
} as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30), from year 1900. */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const isoDaySchema = z.string().max(10).refine(isIsoDay, { error: INSIGHT_MESSAGES.day });

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const addYears = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;

/**
 * The period a query asks for, with the defaults: up to today, twelve months long. `to` is the
 * last day included.
 */
export function turnaroundPeriod(query: { from?: string; to?: string }, today = new Date()) {
  const to =
    query.to ?? (query.from ? minDay(addDays(addYears(query.from, 1), -1), dayOf(today)) : dayOf(today));
  const from = query.from ?? addDays(addYears(to, -1), 1);
  return { from, to };
}
const minDay = (a: string, b: string) => (a < b ? a : b);

export const turnaroundQuerySchema = z
  .strictObject({
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    type: idTextSchema(INSIGHT_MESSAGES.type)
      .refine((value) => value in REQUEST_TYPES, { error: INSIGHT_MESSAGES.type })
      .optional(),
  })
  .superRefine((query, context) => {
    if (query.from !== undefined && !isIsoDay(query.from)) return;
    if (query.to !== undefined && !isIsoDay(query.to)) return;
    const { from, to } = turnaroundPeriod(query);
    if (to < from) {
      context.addIssue({ code: 'custom', path: ['to'], message: INSIGHT_MESSAGES.inverted });
    } else if (to >= addYears(from, TURNAROUND_MAX_YEARS)) {
      // 2021-01-01 to 2025-12-31 is five years; one day more is not.
      context.addIssue({ code: 'custom', path: ['to'], message: INSIGHT_MESSAGES.tooLong });
    }
  });
export type TurnaroundQuery = z.infer<typeof turnaroundQuerySchema>;

/** How long something took, in days (one decimal), over `count` cases; null without cases. */
const durationFields = {
  count: z.number().int(),
  median_days: z.number().nullable(),
  p90_days: z.number().nullable(),
};
export const durationStatsSchema = z.object(durationFields);
export type DurationStatsDto = z.infer<typeof durationStatsSchema>;

export const turnaroundSchema = z.object({
  /** The first and last day of the period (UTC), and the request type or null for all types. */
  from: z.string(),
  to: z.string(),
  type: z.number().int().nullable(),
  computed_at: z.string(),
  /** Stays in each status that ended in the period: how long requests stayed before moving on. */
  statuses: z.array(z.object({ status: z.number().int(), status_name: z.string(), ...durationFields })),
  /** From the first submission to the first decision, for first decisions in the period. */
  submission_to_decision: durationStatsSchema,
  /** From the first approval to fulfilment, for requests first fulfilled in the period. */
  approval_to_fulfilment: durationStatsSchema,
  /** Research Match reviews completed in the period, per reviewer, slowest first. */
  reviewers: z.array(
    z.object({ reviewer: z.object({ id: z.number().int(), full_name: z.string() }), ...durationFields }),
  ),
  /** RDAs fully executed in the period: overall, and the slowest institutions. */
  rda: z.object({
    ...durationFields,
    institutions: z.number().int(),
    slowest: z.array(
      z.object({ institution: z.object({ id: z.number().int(), name: z.string() }), ...durationFields }),
    ),
  }),
  /** Open items now, per status: how many, and how many have waited longer than 7, 14 and 30 days. */
  ageing: z.array(
    z.object({
      status: z.number().int(),
      status_name: z.string(),
      open: z.number().int(),
      over_7_days: z.number().int(),
      over_14_days: z.number().int(),
      over_30_days: z.number().int(),
    }),
  ),
});
export type TurnaroundDto = z.infer<typeof turnaroundSchema>;
