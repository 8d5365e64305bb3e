import type { Actor, DecisionInput } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import type { RequestRow } from './requests.repo';

/*
 * What requests are given at wiring by the modules built on them, which import requests and so
 * cannot be imported by it (docs/ARCHITECTURE.md "Module map").
 */

/**
 * What requests need of the decisions module (modules/decisions): a decision in the caller's
 * transaction on a locked row (a decider's PATCH with a status), the receipt of a submission,
 * and the e-mail that came with a return to the applicant (decision 128).
 */
export interface DecisionsForRequests {
  decideInTx(tx: DbOrTx, actor: Actor, locked: RequestRow, input: DecisionInput): Promise<void>;
  queueSubmissionReceipt(tx: DbOrTx, actor: Actor, requestId: number): Promise<void>;
  returnMessage(
    tx: DbOrTx,
    requestId: number,
    status: number,
  ): Promise<{ subject: string; body: string; sent: string } | null>;
}

/** The staff panel's writes a PATCH request/{id}/ carries (modules/request-staff; staff §7). */
export interface StaffFieldsForRequests {
  patchStaffFields(
    actor: Actor,
    id: number,
    input: { comment?: string; zendeskTicketIds?: string[] },
  ): Promise<void>;
}

/** What requests need of the tissue network's collections (modules/tissue). */
export interface TissueCollections {
  /** Why this collection cannot go with this request, or null when it can. */
  refusal(
    tx: DbOrTx,
    actor: Actor,
    input: { cartId: number; ownerId: number; typeId: number; requestId: number | null },
  ): Promise<string | null>;
  /** Ties the collection to the request (and frees the one it had), in the caller's transaction. */
  attach(tx: DbOrTx, actor: Actor, input: { cartId: number; requestId: number }): Promise<void>;
}
