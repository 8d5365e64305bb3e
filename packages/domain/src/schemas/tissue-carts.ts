import { z } from 'zod';
import { MAX_ID } from './safe-input';
import { TISSUE_DATA_LIMIT } from '../constants/tissue';
import { donorSchema } from './tissue-donors';

/**
 * Tissue collections — the inventory carts of donors a tissue request asks for (staff §3 abn_cart,
 * §4.9, §5, §7; researcher §3 Cart, §4, §5 "Inventory-cart tissue"). Messages are the spec's where
 * it words them; the others are decision 234.
 */
export const CART_MESSAGES = {
  nameRequired: 'A Collection Name is required.',
  nameTaken: 'A collection by this name already exists for given PI.',
  nameTooLong: 'Ensure this field has no more than 100 characters.',
  hasRequests: 'A collection with associated requests cannot be deleted.',
  onAnotherRequest: 'This collection is already used by another request.',
  /** Researcher §5: "a cart is required ('*Required Field')". */
  required: '*Required Field',
  notEditable: (status: string) => `This collection can no longer be changed: its request is ${status}.`,
  unknownDonors: (hashes: readonly string[]) =>
    `No donor ${hashes.length === 1 ? 'has' : 'have'} these hashes in this set: ${hashes.join(', ')}.`,
  restrictedDonors: (hashes: readonly string[]) =>
    `These donors are under review or not confirmed and cannot be selected: ${hashes.join(', ')}.`,
  tooMany: `A collection holds at most ${TISSUE_DATA_LIMIT} donors.`,
  empty: 'Add at least one donor to the collection before requesting it.',
  choosePi: 'Please choose the Principal Investigator.',
  notAResearcher: 'The Principal Investigator must be a primary researcher.',
  ownPiOnly: 'You can only create collections for yourself.',
  requestNotFound: 'Request not found.',
  requestOfAnotherPi: "The request must be one of the collection's Principal Investigator.",
  requestType: 'Only pilot tissue (7) and tissue (8) requests carry a collection.',
  pilotMismatch: (pilot: boolean) =>
    pilot
      ? 'A pilot collection goes with a Pilot Tissue Request.'
      : 'A collection of the catalogue goes with a Tissue Request.',
  requestHasCart: 'This request already has a collection.',
  legacy: 'No cart data available as this is a legacy request.',
  notFound: 'This collection was not found.',
  cartOfAnotherPi: "The collection must be one of the request's Principal Investigator.",
} as const;

/** Request statuses in which the owner may still change the collection (staff §4.9): new ones and returned ones. */
export const CART_OWNER_EDITABLE_STATUSES: readonly number[] = [1, 2, 6];
/**
 * Statuses in which staff may no longer change it (decision 234): once approved (pending team,
 * fulfilled), or closed (rejected, withdrawn, archived, suspended).
 */
export const CART_LOCKED_STATUSES: readonly number[] = [4, 5, 7, 11, 12, 13, 14];

/**
 * Whether a collection may be changed (staff §4.9: by its owner if it has no request or its
 * request is Revisions Requested or new; by tissue staff until the request is decided).
 */
export function cartEditable(requestStatus: number | null, byStaff: boolean): boolean {
  if (requestStatus === null) return true;
  if (byStaff) return !CART_LOCKED_STATUSES.includes(requestStatus);
  return CART_OWNER_EDITABLE_STATUSES.includes(requestStatus);
}

export const collectionNameSchema = z
  .string({ error: CART_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: CART_MESSAGES.nameRequired })
  .max(100, { error: CART_MESSAGES.nameTooLong });

const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });

/** Donor hashes: a list, or text separated by commas, spaces or new lines; duplicates dropped. */
export const cartIdentifiersSchema = z
  .union([z.array(z.string().max(64)), z.string().max(200_000)])
  .transform((value) => {
    const items = Array.isArray(value) ? value : value.split(/[\s,]+/);
    return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
  })
  .refine((items) => items.length <= TISSUE_DATA_LIMIT, { error: CART_MESSAGES.tooMany });

/** POST abn_cart/ (staff §7: collection_name, identifiers, pi, pilot_tissue_cart, request). */
export const createCartSchema = z.strictObject({
  collection_name: collectionNameSchema,
  identifiers: cartIdentifiersSchema.default([]),
  pi: id(CART_MESSAGES.choosePi).nullish(),
  pilot_tissue_cart: z.boolean().default(false),
  request: id(CART_MESSAGES.requestNotFound).nullish(),
});
export type CreateCart = z.infer<typeof createCartSchema>;
export type CreateCartInput = z.input<typeof createCartSchema>;

/** PATCH abn_cart/{id}/: any of the fields; `request: null` detaches it (staff only). */
export const updateCartSchema = z.strictObject({
  collection_name: collectionNameSchema.optional(),
  identifiers: cartIdentifiersSchema.optional(),
  pilot_tissue_cart: z.boolean().optional(),
  request: id(CART_MESSAGES.requestNotFound).nullish(),
});
export type UpdateCart = z.infer<typeof updateCartSchema>;
export type UpdateCartInput = z.input<typeof updateCartSchema>;

export const cartRequestRefSchema = z.object({
  id: z.number(),
  portal_request_id: z.string(),
  type: z.number(),
  status: z.number(),
  status_name: z.string(),
});

/** A collection as the API answers it (staff §3 abn_cart; researcher §3 Cart). */
export const cartSchema = z.object({
  id: z.number(),
  pi: z.number(),
  pi_name: z.string(),
  collection_name: z.string(),
  pilot_tissue_cart: z.boolean(),
  /** The donor hashes, in the order they were added. */
  identifiers: z.array(z.string()),
  on_request: z.boolean(),
  request: cartRequestRefSchema.nullable(),
  /** Whether the caller may change it now (staff §4.9). */
  is_editable: z.boolean(),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(z.string()),
  /** With `?expand=donors`: the donors themselves, in the collection's order. */
  donors: z.array(donorSchema).optional(),
});
export type CartDto = z.infer<typeof cartSchema>;
