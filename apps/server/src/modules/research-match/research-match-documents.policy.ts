import { or, sql } from 'drizzle-orm';
import { can, RESEARCH_MATCH_MESSAGES, RESEARCH_MATCH_TYPE } from '@rrp/domain';
import { files } from '../../db/schema';
import { ValidationError } from '../../platform/http/errors';
import type { FileTypePolicy } from '../files/files.service';
import {
  fileOfVisibleRequest,
  findProjectForRequest,
  findRequest,
  requestFileSubject,
  subjectOfView,
} from '../requests/requests.service';

/** The file type of a Research Match application's and its renewals' documents. */
export const RESEARCH_MATCH_DOCUMENT = 'rm_document';

const refuse = (): never => {
  throw new ValidationError({ project: [RESEARCH_MATCH_MESSAGES.chooseProjectOrRequest] });
};

/**
 * `rm_document` (researcher §3 Research Match form and renewal form files): the proposal summary,
 * IRB protocol, consent forms and other documents. The researcher uploads them for a project of
 * theirs while filling in the application (there is no request yet), or for their application when
 * renewing it; filing the form links them to the request, whose readers then read them. Until then
 * only the uploader does.
 */
export function researchMatchDocumentsPolicy(): FileTypePolicy {
  return applicationDocumentsPolicy([RESEARCH_MATCH_TYPE]);
}

/**
 * The documents of an application form (Research Match; the tissue form's atlas file and NIH
 * biosketch): uploaded for a project before the request exists or for a request of these types,
 * then read by the request's readers.
 */
export function applicationDocumentsPolicy(types: readonly number[]): FileTypePolicy {
  return {
    subject: 'Request',
    subjectOf: requestFileSubject,

    /** Their own uploads, and the documents of the requests whose team they are on. */
    readableWhere: (actor) =>
      or(sql`${files.creatorId} = ${actor.userId}`, fileOfVisibleRequest(actor.userId))!,

    async authorizeCreate(tx, actor, input) {
      if (input.requestId !== null) {
        const view = await findRequest(tx, input.requestId, actor.userId);
        if (!view || !types.includes(view.request.typeId)) refuse();
        const subject = subjectOfView(view!, actor);
        if (view!.request.ownerId !== actor.userId && !can(actor, 'update', 'Request', subject)) refuse();
        return { additionalData: {} };
      }
      if (input.projectId === null) refuse();
      const found = await findProjectForRequest(tx, input.projectId!);
      const filesForOthers = can(actor, 'create', 'Request') && can(actor, 'read', 'Request');
      if (!found || (found.project.ownerId !== actor.userId && !filesForOthers)) refuse();
      return { additionalData: {} };
    },
  };
}
