import type { TissueOrderDto } from '@rrp/domain';
import type { OrderRow, OrderView } from './orders.repo';

/** An order as the request's `bins_data` shows it (researcher §3 Tissue order). */
export function presentOrder({ order, creator }: OrderView): TissueOrderDto {
  const form = order.order;
  return {
    id: order.id,
    request_id: order.requestId,
    request_type: 'Tissue',
    orderId: order.binsOrderId,
    name: form.name,
    email: form.email,
    address_line_1: form.address_line_1,
    address_line_2: form.address_line_2,
    city: form.city,
    state: form.state,
    postal_code: form.postal_code,
    country: form.country,
    phone_numbers: form.phone_numbers,
    donors: form.donors,
    cases: order.cases,
    created_date: order.created.toISOString(),
    modified_date: order.modified.toISOString(),
    created_by: creator?.id
      ? { id: creator.id, display_name: `${creator.firstName} ${creator.lastName}`.trim() }
      : null,
  };
}

/** What the audit trail keeps of an order. */
export function orderSnapshot(order: OrderRow): Record<string, unknown> {
  return { request_id: order.requestId, order_id: order.binsOrderId, ...order.order, cases: order.cases };
}
