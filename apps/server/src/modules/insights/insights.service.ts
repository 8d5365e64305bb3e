import { turnaroundPeriod, type TurnaroundDto, type TurnaroundQuery } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import {
  presentTurnaround,
  turnaroundCsv,
  turnaroundFileName,
  type TurnaroundReport,
} from './insights.presenter';
import * as repo from './insights.repo';

const DAY_MS = 86_400_000;

/** Turnaround metrics of requests, reviews and RDAs for a period and request type (decision 270). */
export function createInsightsService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * Every figure of the period (its days in UTC, the last one included). The queries are
   * independent: on a PostgreSQL pool they run side by side.
   */
  async function report(query: TurnaroundQuery): Promise<TurnaroundReport> {
    const { from, to } = turnaroundPeriod(query);
    const start = new Date(`${from}T00:00:00Z`);
    const scope: repo.Scope = {
      start,
      end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
      typeId: query.type ?? null,
    };
    const [statuses, submissionToDecision, approvalToFulfilment, reviewers, rda, ageing] = await Promise.all([
      repo.timeInStatus(db, scope),
      repo.submissionToDecision(db, scope),
      repo.approvalToFulfilment(db, scope),
      repo.reviewerTimes(db, scope),
      repo.rdaTimes(db, scope),
      repo.ageing(db, scope),
    ]);
    return {
      from,
      to,
      typeId: scope.typeId,
      computedAt: new Date(),
      statuses,
      submissionToDecision,
      approvalToFulfilment,
      reviewers,
      rda,
      ageing,
    };
  }

  return {
    /** GET insights/turnaround/ */
    async turnaround(query: TurnaroundQuery): Promise<TurnaroundDto> {
      return presentTurnaround(await report(query));
    },

    /** GET insights/turnaround/download/: the same figures as a CSV file, every reviewer and institution. */
    async csv(query: TurnaroundQuery): Promise<{ fileName: string; content: string }> {
      const computed = await report(query);
      return { fileName: turnaroundFileName(computed), content: turnaroundCsv(computed) };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
