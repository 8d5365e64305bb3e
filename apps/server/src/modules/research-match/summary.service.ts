import {
  dueDateAt,
  dueDateInPast,
  parseRmIds,
  RESEARCH_MATCH_MESSAGES,
  RESEARCH_MATCH_TYPE,
  type Actor,
  type RequestSummaryDto,
  type RmBaseUsersDto,
  type UpdateRequestSummaryInput,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError, type FieldErrors } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import type { FormsService } from '../forms/forms.service';
import { LIST_COLUMNS, presentSummary, summaryFromApplication, TEXT_COLUMNS } from './summary.presenter';
import * as repo from './summary.repo';

const RESEARCH_MATCH_FORM_ID = 'research_match_application';

/**
 * The request summary of a Research Match application (staff §3, §5, §7): staff curate it from the
 * application for the review; admins edit it (autosaved) with the RM ids, due date and meeting
 * notes; the assigned reviewers read it. Part of the review cycle's data (issue 17).
 */
export function createSummaryService(deps: {
  db: Db;
  forms: FormsService;
  /** The request as the permission conditions read it, or null when the caller may not see it. */
  requestSubject: (tx: DbOrTx, id: number, actor: Actor) => Promise<object | null>;
}) {
  const { db } = deps;

  /** The request's summary row and its subject: 404 unless a Research Match application the caller may read. */
  async function load(tx: DbOrTx, actor: Actor, id: number, action: 'read' | 'update', lock = false) {
    const subject = await deps.requestSubject(tx, id, actor);
    if (!subject) throw new NotFoundError();
    authorize(actor, action, 'RequestSummary', subject);
    const found = await repo.findSummary(tx, id, lock);
    if (!found || found.request.typeId !== RESEARCH_MATCH_TYPE)
      throw new NotFoundError(RESEARCH_MATCH_MESSAGES.notResearchMatch);
    return { ...found, subject };
  }

  /** The summary a submitted application starts from, stored once (later edits are the staff's). */
  async function start(tx: DbOrTx, requestId: number) {
    const application = await repo.applicationOf(tx, requestId);
    if (!application) return;
    await repo.insertSummary(tx, {
      requestId,
      ...summaryFromApplication(deps.forms.get(RESEARCH_MATCH_FORM_ID), application),
    });
  }

  async function get(actor: Actor, id: number): Promise<RequestSummaryDto> {
    const found = await load(db, actor, id, 'read');
    // An application not yet submitted shows what its summary will start from, without storing it.
    if (!found.summary) {
      const application = await repo.applicationOf(db, id);
      const values = summaryFromApplication(deps.forms.get(RESEARCH_MATCH_FORM_ID), application!);
      const now = new Date();
      const draft = {
        ...values,
        requestId: id,
        meetingNotes: '',
        dueDate: null,
        rmIds: [],
        rmBase: null,
        geneticRequest: '',
        considerations: '',
        reviewQuarter: null,
        reviewCycle: 0,
        created: now,
        modified: now,
        modifiedById: null,
      } as repo.SummaryRow;
      return presentSummary(actor, found.request, draft, found.subject);
    }
    return presentSummary(actor, found.request, found.summary, found.subject);
  }

  return {
    get,

    /** Starts the summary of an application in the transaction that submits it. */
    start,

    /**
     * PATCH request/{id}/summary: the fields sent, checked first (RM ids, due date), written with
     * their history in one transaction; nothing changes on a 400.
     */
    async update(actor: Actor, id: number, input: UpdateRequestSummaryInput): Promise<RequestSummaryDto> {
      const errors: FieldErrors = {};
      const values: repo.SummaryValues = {};
      for (const [key, column] of Object.entries(TEXT_COLUMNS)) {
        const value = input[key as keyof typeof TEXT_COLUMNS];
        if (value !== undefined) values[column] = value;
      }
      for (const [key, column] of Object.entries(LIST_COLUMNS)) {
        const value = input[key as keyof typeof LIST_COLUMNS];
        if (value !== undefined) values[column] = [...new Set(value.map((item) => item.trim()))];
      }
      if (input.irb_status !== undefined) values.irbStatus = input.irb_status;
      if (input.rm_ids !== undefined) {
        const parsed = parseRmIds(input.rm_ids);
        if ('error' in parsed) errors.rm_ids = [parsed.error];
        else {
          values.rmIds = parsed.ids;
          values.rmBase = parsed.base;
        }
      }
      if (input.due_date !== undefined) {
        const at = input.due_date === null ? null : dueDateAt(input.due_date);
        if (at && dueDateInPast(at)) errors.due_date = [RESEARCH_MATCH_MESSAGES.dueDatePast];
        else values.dueDate = at;
      }

      await db.transaction(async (tx) => {
        const found = await load(tx, actor, id, 'update', true);
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        if (!found.summary) await start(tx, id);
        const before = (await repo.findSummary(tx, id))!.summary!;
        const after = await repo.updateSummary(tx, id, { ...values, modifiedById: actor.userId });
        await recordHistory(tx, {
          model: 'request_summary',
          objectId: id,
          action: 'update',
          before: { ...before, modifiedById: undefined },
          after: { ...after, modifiedById: undefined },
          by: actor,
        });
      });
      return get(actor, id);
    },

    /**
     * GET request/{id}/summary/rm-base/?base=: the other requests whose RM ids use the base, for
     * the confirmation before staff save ids with it (staff §5).
     */
    async requestsUsingBase(actor: Actor, id: number, base: string): Promise<RmBaseUsersDto> {
      await load(db, actor, id, 'update');
      const rows = await repo.requestsUsingBase(db, base, id);
      return {
        base,
        requests: rows.map((row) => ({
          id: row.id,
          portal_request_id: row.portalRequestId,
          rm_ids: row.rmIds,
          researcher: row.researcher,
          institution: row.institution,
        })),
      };
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;
