import { z } from 'zod';
import type { TissueOrderCase, TissueOrderInput } from '@rrp/domain';

/**
 * BINS, the Autism BrainNet's biorepository inventory system, takes the tissue orders of approved
 * requests (researcher §3 Tissue order, §7 abn_bins_upload). The real client posts JSON to
 * BINS_URL; without it, development and test runs use a local fake that accepts every order, and
 * production answers that BINS is not configured. Tests of the real client point BINS_URL at a
 * local fake of the API (decision 243).
 */

/** What BINS is sent: the order form with its request (researcher §3 "request_type 'Tissue', request_id"). */
export type BinsOrder = Omit<TissueOrderInput, 'request_type'> & { request_type: 'Tissue' };

/** What BINS answers: its id of the order and a case per ordered row. */
export interface BinsReceipt {
  orderId: string;
  cases: TissueOrderCase[];
}

export interface BinsAdapter {
  readonly mode: 'api' | 'local' | 'off';
  /** A new order; BINS answers its id. */
  send(order: BinsOrder): Promise<BinsReceipt>;
  /** Replaces the order BINS knows by this id. */
  update(orderId: string, order: BinsOrder): Promise<BinsReceipt>;
}

/** BINS could not take the order (not configured, unreachable, refused, or an unexpected answer). */
export class BinsUnavailableError extends Error {
  override name = 'BinsUnavailableError';
}

const receiptSchema = z.object({
  orderId: z.union([z.string().min(1).max(100), z.number().int()]).transform(String),
  cases: z
    .array(
      z.object({
        hash_code: z.string(),
        distribution_id: z
          .union([z.string(), z.number()])
          .nullish()
          .transform((v) => (v == null ? null : String(v))),
        hemisphere: z
          .string()
          .nullish()
          .transform((v) => v ?? null),
        tissue_type: z
          .string()
          .nullish()
          .transform((v) => v ?? null),
        storage: z
          .string()
          .nullish()
          .transform((v) => v ?? null),
        description: z
          .string()
          .nullish()
          .transform((v) => v ?? null),
      }),
    )
    .max(50_000)
    .default([]),
});

export function binsApi(config: { url: string; timeoutMs?: number }): BinsAdapter {
  const base = config.url.replace(/\/$/, '');

  async function call(method: 'POST' | 'PUT', path: string, order: BinsOrder): Promise<BinsReceipt> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(order),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new BinsUnavailableError(`BINS could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new BinsUnavailableError(`BINS answered ${response.status} for ${method} ${path}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new BinsUnavailableError(`BINS answered something other than JSON for ${method} ${path}`);
    }
    const receipt = receiptSchema.safeParse(body);
    if (!receipt.success) throw new BinsUnavailableError(`BINS answered an unexpected receipt for ${path}`);
    return receipt.data;
  }

  return {
    mode: 'api',
    send: (order) => call('POST', '/orders/', order),
    update: (orderId, order) => call('PUT', `/orders/${encodeURIComponent(orderId)}/`, order),
  };
}

/** The cases a stand-in BINS answers: one per ordered row, numbered within the order. */
function casesOf(orderId: string, order: BinsOrder): TissueOrderCase[] {
  return Object.entries(order.donors).flatMap(([hash, rows]) =>
    rows.map((row, index) => ({
      hash_code: hash,
      distribution_id: `${orderId}-${hash}-${index + 1}`,
      hemisphere: row.hemisphere.endsWith('Hemisphere') ? row.hemisphere.replace(' Hemisphere', '') : null,
      tissue_type: row.hemisphere,
      storage: 'Awaiting distribution',
      description: row.description || null,
    })),
  );
}

/** What the health check says stands in for BINS while the local fake answers. */
export const LOCAL_BINS_STAND_IN = 'Tissue orders are accepted by a local stand-in (orders LOCAL-…).';

/** Development and tests without BINS_URL: every order is accepted and numbered LOCAL-000001, … */
export function localBins(): BinsAdapter & { orders: Map<string, BinsOrder> } {
  const orders = new Map<string, BinsOrder>();
  return {
    mode: 'local',
    orders,
    async send(order) {
      const orderId = `LOCAL-${String(orders.size + 1).padStart(6, '0')}`;
      orders.set(orderId, order);
      return { orderId, cases: casesOf(orderId, order) };
    },
    async update(orderId, order) {
      // The stand-in forgets its orders on restart; an edit of an order it does not know re-files it.
      orders.set(orderId, order);
      return { orderId, cases: casesOf(orderId, order) };
    },
  };
}

/** Production without BINS_URL: every order is refused as BINS is not configured. */
export const binsOff: BinsAdapter = {
  mode: 'off',
  async send() {
    throw new BinsUnavailableError('BINS is not configured (BINS_URL).');
  },
  async update() {
    throw new BinsUnavailableError('BINS is not configured (BINS_URL).');
  },
};
