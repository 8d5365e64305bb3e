import {
  COMPLIANCE_STATUS_IDS,
  COMPLIANCE_STATUSES,
  type Actor,
  type ComplianceSummaryDto,
} from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { NotFoundError } from '../../platform/http/errors';
import { oneOf, parseListQuery } from '../../platform/list';
import type { EmailService } from '../email/email.service';
import { COMPLIANCE_MODEL, COMPLIANCE_TEMPLATE } from './compliance.emails';
import { complianceList } from './compliance.lists';
import { presentCompliance } from './compliance.presenter';
import * as repo from './compliance.repo';

export function createComplianceService(deps: { db: Db; email: EmailService }) {
  const { db } = deps;
  const lastEmail = deps.email.lastEmailJson(COMPLIANCE_TEMPLATE, COMPLIANCE_MODEL, repo.complianceObjectId);

  return {
    /** GET institution-compliance/: approved institutions with their compliance, paged and filtered in SQL. */
    async list(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(complianceList, query);
      const page = await repo.listCompliance(db, list, lastEmail);
      return { list, count: page.count, results: page.rows.map((row) => presentCompliance(actor, row)) };
    },

    /** GET institution-compliance/{id}/ (the institution's id): the row the list shows, or 404 (e.g. not approved). */
    async get(actor: Actor, id: number) {
      const [row] = (await repo.listCompliance(db, oneOf(complianceList, id), lastEmail)).rows;
      if (!row) throw new NotFoundError();
      return presentCompliance(actor, row);
    },

    /** Counts per status (every status, zero included) for the pie chart and the filter list. */
    async summary(query: { search?: string }): Promise<ComplianceSummaryDto> {
      const { where } = parseListQuery(complianceList, { search: query.search });
      const counts = new Map((await repo.countByStatus(db, where)).map((row) => [row.status, row.count]));
      const statuses = COMPLIANCE_STATUS_IDS.map((id) => ({
        id,
        name: COMPLIANCE_STATUSES[id],
        count: counts.get(id) ?? 0,
      }));
      return { total: statuses.reduce((sum, status) => sum + status.count, 0), statuses };
    },
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;
