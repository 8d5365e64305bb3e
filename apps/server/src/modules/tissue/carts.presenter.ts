import {
  cartEditable,
  can,
  permissionsFor,
  REQUEST_STATUSES,
  type Actor,
  type CartDto,
  type DonorDto,
} from '@rrp/domain';
import type { CartView } from './carts.repo';

/** What the permission conditions read of a collection: its PI, and who reviews its request. */
export const cartSubject = (view: CartView) => ({ ownerId: view.cart.piId, reviewerIds: view.reviewerIds });

/** Tissue staff (every collection is theirs to change until its request is decided). */
export const isCollectionStaff = (actor: Actor) => can(actor, 'update', 'TissueCollection');

export const statusName = (status: number) =>
  REQUEST_STATUSES[status as keyof typeof REQUEST_STATUSES] ?? `Status ${status}`;

/** Whether the caller may change a collection of this PI whose request has this status (staff §4.9, decision 234). */
export function mayChange(
  actor: Actor,
  subject: { ownerId: number; reviewerIds: readonly number[] },
  requestStatus: number | null,
): boolean {
  return (
    can(actor, 'update', 'TissueCollection', subject) && cartEditable(requestStatus, isCollectionStaff(actor))
  );
}

/** Whether the caller may change the collection now. */
export const editableBy = (actor: Actor, view: CartView): boolean =>
  mayChange(actor, cartSubject(view), view.request?.statusId ?? null);

export function presentCart(actor: Actor, view: CartView, donors?: DonorDto[]): CartDto {
  const { cart, request } = view;
  return {
    id: cart.id,
    pi: cart.piId,
    pi_name: view.piName,
    collection_name: cart.collectionName,
    pilot_tissue_cart: cart.pilot,
    identifiers: view.identifiers,
    on_request: request !== null,
    request: request
      ? {
          id: request.id,
          portal_request_id: request.portalRequestId,
          type: request.typeId,
          status: request.statusId,
          status_name: statusName(request.statusId),
        }
      : null,
    is_editable: editableBy(actor, view),
    created: cart.created.toISOString(),
    modified: cart.modified.toISOString(),
    permissions: permissionsFor(actor, 'TissueCollection', cartSubject(view)),
    ...(donors ? { donors } : {}),
  };
}

/** A collection as its history rows keep it. */
export const cartSnapshot = (view: CartView) => ({
  id: view.cart.id,
  pi_id: view.cart.piId,
  collection_name: view.cart.collectionName,
  pilot_tissue_cart: view.cart.pilot,
  request_id: view.cart.requestId,
  identifiers: view.identifiers,
});
