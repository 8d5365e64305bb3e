import { z } from 'zod';
import { COMPLIANCE_STATUS_IDS } from '../compliance/status';

/** The last e-mail sent about an institution with the compliance template (from the e-mail log). */
export const lastEmailSchema = z.object({
  id: z.number(),
  subject: z.string(),
  to: z.array(z.string()),
  created: z.string(),
  status: z.string(),
});

/** One row of GET institution-compliance/ (staff §3 "institution-compliance"). */
export const institutionComplianceSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  current_io: z.object({ id: z.number(), full_name: z.string(), email: z.string() }).nullable(),
  /** The institution's researchers' requests in status 7 (Fulfilled; staff §9). */
  requestCount: z.number(),
  /** YYYY-MM-DD: the anniversary the status is about (see the compliance rule). */
  current_anniversary: z.string(),
  compliance_status: z.literal(COMPLIANCE_STATUS_IDS),
  compliance_status_name: z.string(),
  /** YYYY-MM-DD the annual researcher review was last completed, or null. */
  last_annual_review: z.string().nullable(),
  admin_acknowledge: z.boolean(),
  lastEmail: lastEmailSchema.nullable(),
  permissions: z.array(z.string()),
});
export type InstitutionComplianceDto = z.infer<typeof institutionComplianceSchema>;

/** Counts per compliance status, for the pie chart and the filter list. */
export const complianceSummarySchema = z.object({
  total: z.number(),
  statuses: z.array(z.object({ id: z.literal(COMPLIANCE_STATUS_IDS), name: z.string(), count: z.number() })),
});
export type ComplianceSummaryDto = z.infer<typeof complianceSummarySchema>;
