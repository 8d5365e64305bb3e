import type { Actor } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { subjectOfView, type RequestSubject } from './requests.presenter';
import { findRequest } from './requests.repo';

/**
 * Whose a file kept for a request is, for the permission table: the request's, once the file is
 * linked to a request the actor may see; before that (an application's documents uploaded ahead
 * of its request) only its uploader's.
 */
export async function requestFileSubject(
  tx: DbOrTx,
  file: { requestId: number | null; creatorId: number | null },
  actor: Actor,
): Promise<RequestSubject> {
  if (file.requestId !== null) {
    const view = await findRequest(tx, file.requestId, actor.userId);
    if (view) return subjectOfView(view, actor);
  }
  const uploader = file.creatorId ?? 0;
  return { ownerId: uploader, teamMemberIds: [uploader], reviewerIds: [] };
}
