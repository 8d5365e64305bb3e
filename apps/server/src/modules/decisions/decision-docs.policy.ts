import { sql } from 'drizzle-orm';
import { WORKFLOW_MESSAGES, type Actor } from '@rrp/domain';
import { files } from '../../db/schema';
import type { DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ValidationError } from '../../platform/http/errors';
import type { FileRow, FileTypePolicy } from '../files/files.service';
import { findRequest, subjectOfView, visibleTo, type RequestSubject } from '../requests/requests.service';

/**
 * `decision_docs` (staff §4.2): documents attached to a decision e-mail. Deciders upload them
 * for a request (`request` field) before sending the decision; the request's owner and team and
 * the staff who read requests read them. They are listed in the request's
 * `additional_data.decision_docs` once sent.
 */
export function decisionDocsPolicy(): FileTypePolicy {
  async function subjectOf(tx: DbOrTx, file: FileRow, actor: Actor): Promise<RequestSubject> {
    if (file.requestId !== null) {
      const view = await findRequest(tx, file.requestId, actor.userId);
      if (view) return subjectOfView(view, actor);
    }
    const uploader = file.creatorId ?? 0;
    return { ownerId: uploader, teamMemberIds: [uploader], reviewerIds: [] };
  }

  return {
    subject: 'Request',
    subjectOf,

    /** The owner and team of the request (the staff read every file of this type outright). */
    readableWhere: (actor) =>
      sql`exists (select 1 from requests where "requests"."id" = ${files.requestId} and ${visibleTo(actor.userId)})`,

    async authorizeCreate(tx, actor, input) {
      if (input.requestId === null) throw new ValidationError({ request: [WORKFLOW_MESSAGES.chooseRequest] });
      const view = await findRequest(tx, input.requestId, actor.userId);
      if (!view) throw new ValidationError({ request: [WORKFLOW_MESSAGES.chooseRequest] });
      authorize(actor, 'decide', 'Request', subjectOfView(view, actor));
      return { additionalData: {} };
    },
  };
}
