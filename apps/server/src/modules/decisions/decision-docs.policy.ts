import { WORKFLOW_MESSAGES } from '@rrp/domain';
import { authorize } from '../../platform/http/access';
import { ValidationError } from '../../platform/http/errors';
import type { FileTypePolicy } from '../files/files.service';
import {
  fileOfVisibleRequest,
  findRequest,
  requestFileSubject,
  subjectOfView,
} from '../requests/requests.service';

/**
 * `decision_docs` (staff §4.2): documents attached to a decision e-mail. Deciders upload them
 * for a request (`request` field) before sending the decision; the request's owner and team and
 * the staff who read requests read them. They are listed in the request's
 * `additional_data.decision_docs` once sent.
 */
export function decisionDocsPolicy(): FileTypePolicy {
  return {
    subject: 'Request',
    subjectOf: requestFileSubject,

    /** The owner and team of the request (the staff read every file of this type outright). */
    readableWhere: (actor) => fileOfVisibleRequest(actor.userId),

    async authorizeCreate(tx, actor, input) {
      if (input.requestId === null) throw new ValidationError({ request: [WORKFLOW_MESSAGES.chooseRequest] });
      const view = await findRequest(tx, input.requestId, actor.userId);
      if (!view) throw new ValidationError({ request: [WORKFLOW_MESSAGES.chooseRequest] });
      authorize(actor, 'decide', 'Request', subjectOfView(view, actor));
      return { additionalData: {} };
    },
  };
}
