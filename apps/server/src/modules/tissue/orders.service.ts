import {
  CART_REQUEST_TYPES,
  TISSUE_ORDER_MESSAGES,
  TISSUE_ORDER_STATUSES,
  type Actor,
  type TissueOrderDto,
  type TissueOrderInput,
} from '@rrp/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import type { TissueOrderForm } from '../../db/schema';
import {
  BinsUnavailableError,
  type BinsAdapter,
  type BinsOrder,
  type BinsReceipt,
} from '../../platform/external/bins';
import { orderSnapshot, presentOrder } from './orders.presenter';
import * as repo from './orders.repo';

/** The orders of these requests as their `bins_data`, newest first, in one query (for the request list and page). */
export async function ordersByRequest(db: DbOrTx, requestIds: readonly number[]) {
  const views = await repo.ordersOfRequests(db, requestIds);
  return new Map([...views].map(([requestId, orders]) => [requestId, orders.map(presentOrder)]));
}

/** The history model of tissue orders. */
const ORDER_HISTORY_MODEL = 'abn_order';

/**
 * Tissue orders to BINS (researcher §3, §4 "can be sent only when approved; new-order mode versus
 * editing the previous order", §7 abn_bins_upload; staff §4.2). BINS is asked first and the order is
 * stored only once it accepted, in one transaction with its history: an outage stores nothing and
 * the same order can be sent again (decision 243).
 */
export function createTissueOrdersService(deps: { db: Db; bins: BinsAdapter; log: FastifyBaseLogger }) {
  const { db, bins, log } = deps;

  const formOf = (input: TissueOrderInput): TissueOrderForm => {
    const { request_id: _request, request_type: _type, ...form } = input;
    return form;
  };

  /** The request, checked against the order rules; the caller must be allowed `action` on its orders. */
  async function checkedRequest(
    tx: DbOrTx,
    actor: Actor,
    input: TissueOrderInput,
    action: 'create' | 'update',
  ) {
    const request = await repo.findRequest(tx, input.request_id);
    if (!request) throw new ValidationError({ request_id: [TISSUE_ORDER_MESSAGES.requestNotFound] });
    authorize(actor, action, 'TissueOrder', { ownerId: request.ownerId, teamMemberIds: [request.ownerId] });
    if (!CART_REQUEST_TYPES.includes(request.typeId))
      throw new ValidationError({ request_id: [TISSUE_ORDER_MESSAGES.notTissue] });
    if (!TISSUE_ORDER_STATUSES.includes(request.statusId))
      throw new ValidationError({ non_field_errors: [TISSUE_ORDER_MESSAGES.notApproved] });
    const hashes = await repo.collectionHashes(tx, request.id);
    if (!hashes) throw new ValidationError({ donors: [TISSUE_ORDER_MESSAGES.noCollection] });
    const outside = Object.keys(input.donors).filter((hash) => !hashes.has(hash));
    if (outside.length > 0)
      throw new ValidationError({ donors: [TISSUE_ORDER_MESSAGES.notInCollection(outside)] });
    return request;
  }

  /** Asks BINS; any failure is the spec's "Unexpected Error" (503, nothing stored, retryable). */
  async function askBins(call: () => Promise<BinsReceipt>): Promise<BinsReceipt> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof BinsUnavailableError)) throw error;
      log.warn({ err: error }, 'BINS did not take a tissue order');
      throw new ServiceUnavailableError(TISSUE_ORDER_MESSAGES.failed);
    }
  }

  async function present(id: number): Promise<TissueOrderDto> {
    const view = await repo.orderView(db, id);
    if (!view) throw new NotFoundError();
    return presentOrder(view);
  }

  const binsOrder = (input: TissueOrderInput): BinsOrder => ({
    ...formOf(input),
    request_type: 'Tissue',
    request_id: input.request_id,
  });

  return {
    /** POST abn_bins_upload: a new order of an approved request, sent to BINS and stored. */
    async send(actor: Actor, input: TissueOrderInput): Promise<TissueOrderDto> {
      await checkedRequest(db, actor, input, 'create');
      const receipt = await askBins(() => bins.send(binsOrder(input)));
      const id = await db.transaction(async (tx) => {
        const row = await repo.insertOrder(tx, {
          requestId: input.request_id,
          binsOrderId: receipt.orderId,
          order: formOf(input),
          cases: receipt.cases,
          creatorId: actor.userId,
        });
        await recordHistory(tx, {
          model: ORDER_HISTORY_MODEL,
          objectId: row.id,
          action: 'create',
          before: null,
          after: orderSnapshot(row),
          by: actor,
        });
        return row.id;
      });
      return present(id);
    },

    /** PATCH abn_bins_upload (the update omits the id): edits the request's previous order at BINS and here. */
    async update(actor: Actor, input: TissueOrderInput): Promise<TissueOrderDto> {
      await checkedRequest(db, actor, input, 'update');
      const previous = await repo.latestOrder(db, input.request_id);
      if (!previous) throw new ValidationError({ non_field_errors: [TISSUE_ORDER_MESSAGES.noPreviousOrder] });
      const receipt = await askBins(() => bins.update(previous.binsOrderId, binsOrder(input)));
      await db.transaction(async (tx) => {
        const before = await repo.latestOrder(tx, input.request_id, true);
        if (!before) throw new ValidationError({ non_field_errors: [TISSUE_ORDER_MESSAGES.noPreviousOrder] });
        await repo.updateOrder(tx, before.id, {
          binsOrderId: receipt.orderId,
          order: formOf(input),
          cases: receipt.cases,
        });
        const after = await repo.latestOrder(tx, input.request_id);
        await recordHistory(tx, {
          model: ORDER_HISTORY_MODEL,
          objectId: before.id,
          action: 'update',
          before: orderSnapshot(before),
          after: orderSnapshot(after!),
          by: actor,
        });
      });
      return present(previous.id);
    },
  };
}

export type TissueOrdersService = ReturnType<typeof createTissueOrdersService>;
