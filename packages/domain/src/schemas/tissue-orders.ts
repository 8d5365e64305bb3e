import { z } from 'zod';
import { MAX_ID } from './safe-input';

/**
 * Tissue orders sent to BINS, the network's biorepository inventory system (researcher §3 "Tissue
 * order", §4, §7 abn_bins_upload, §8; staff §4.2). The spec's texts are verbatim; the others are
 * decision 241.
 */
export const TISSUE_ORDER_MESSAGES = {
  /** Researcher §8: the success and failure notices of sending an order. */
  sentTitle: 'Order sent to BINS',
  sent: 'The order has been sent to BINS.  Please continue to make updates as necessary.',
  failedTitle: 'Unexpected Error',
  failed: 'There was an error when trying to post your order.',
  required: 'This field is required.',
  email: 'Enter a valid email address.',
  phone: 'Enter a phone number of 6 to 30 digits, spaces or + ( ) - . characters.',
  phoneRequired: 'Enter at least one phone number.',
  tooManyPhones: 'Give at most 5 phone numbers.',
  donorsRequired: 'Choose at least one donor and what to send of it.',
  rowsRequired: 'Choose at least one hemisphere or tissue for each donor.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  choice: 'Choose a hemisphere or tissue from the list.',
  notApproved: 'An order can be sent to BINS only once the request is approved.',
  notTissue: 'Only pilot tissue and tissue requests are ordered from BINS.',
  noCollection: 'This request has no collection to order donors from.',
  notInCollection: (hashes: readonly string[]) =>
    `These donors are not in the request's collection: ${hashes.join(', ')}.`,
  noPreviousOrder: 'This request has no order to edit yet; send a new order first.',
  requestNotFound: 'Request not found.',
} as const;

/** What may be ordered of a donor (researcher §3 "hemisphere or tissue choice"; decision 241). */
export const TISSUE_ORDER_CHOICES = [
  'Left Hemisphere',
  'Right Hemisphere',
  'Brainstem',
  'Tissue Block',
  'Tissue Sections',
] as const;
export type TissueOrderChoice = (typeof TISSUE_ORDER_CHOICES)[number];

/** Request statuses in which an order may be sent or edited: Approved and Fulfilled (decision 241). */
export const TISSUE_ORDER_STATUSES: readonly number[] = [4, 7];

const text = (max: number) =>
  z
    .string({ error: TISSUE_ORDER_MESSAGES.required })
    .trim()
    .min(1, { error: TISSUE_ORDER_MESSAGES.required })
    .max(max, { error: TISSUE_ORDER_MESSAGES.tooLong(max) });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: TISSUE_ORDER_MESSAGES.tooLong(max) })
    .nullish()
    .transform((value) => value ?? '');

export const tissueOrderRowSchema = z.object({
  hemisphere: z.enum(TISSUE_ORDER_CHOICES, { error: TISSUE_ORDER_MESSAGES.choice }),
  description: optionalText(1000),
  /** BINS's record of the row, kept when an order is edited. */
  record_id: z.string().trim().max(100).nullish(),
});
export type TissueOrderRow = z.infer<typeof tissueOrderRowSchema>;

const phoneSchema = z
  .string({ error: TISSUE_ORDER_MESSAGES.phone })
  .trim()
  .regex(/^[+\d(][\d\s().+-]{5,29}$/, { error: TISSUE_ORDER_MESSAGES.phone });

/** The order form (researcher §3 Tissue order), as POST and PATCH abn_bins_upload take it. */
export const tissueOrderInputSchema = z.object({
  request_id: z.coerce
    .number({ error: TISSUE_ORDER_MESSAGES.requestNotFound })
    .int({ error: TISSUE_ORDER_MESSAGES.requestNotFound })
    .positive({ error: TISSUE_ORDER_MESSAGES.requestNotFound })
    .max(MAX_ID, { error: TISSUE_ORDER_MESSAGES.requestNotFound }),
  /** Always "Tissue" (researcher §3); accepted and answered back. */
  request_type: z.literal('Tissue').optional(),
  name: text(200),
  email: z.email({ error: TISSUE_ORDER_MESSAGES.email }).max(254, { error: TISSUE_ORDER_MESSAGES.email }),
  address_line_1: text(200),
  address_line_2: optionalText(200),
  city: text(100),
  state: text(100),
  postal_code: text(20),
  country: text(100),
  phone_numbers: z
    .array(phoneSchema, { error: TISSUE_ORDER_MESSAGES.phoneRequired })
    .min(1, { error: TISSUE_ORDER_MESSAGES.phoneRequired })
    .max(5, { error: TISSUE_ORDER_MESSAGES.tooManyPhones }),
  /** Donor hash -> what to send of that donor. */
  donors: z
    .record(
      z.string().trim().min(1).max(64),
      z
        .array(tissueOrderRowSchema, { error: TISSUE_ORDER_MESSAGES.rowsRequired })
        .min(1, { error: TISSUE_ORDER_MESSAGES.rowsRequired })
        .max(20),
      { error: TISSUE_ORDER_MESSAGES.donorsRequired },
    )
    .refine((donors) => Object.keys(donors).length > 0, { error: TISSUE_ORDER_MESSAGES.donorsRequired })
    .refine((donors) => Object.keys(donors).length <= 2000, { error: TISSUE_ORDER_MESSAGES.donorsRequired }),
});
export type TissueOrderInput = z.infer<typeof tissueOrderInputSchema>;

/** A case BINS answers for an ordered row (researcher §3 "cases"). */
export const tissueOrderCaseSchema = z.object({
  hash_code: z.string(),
  distribution_id: z.string().nullable(),
  hemisphere: z.string().nullable(),
  tissue_type: z.string().nullable(),
  storage: z.string().nullable(),
  description: z.string().nullable(),
});
export type TissueOrderCase = z.infer<typeof tissueOrderCaseSchema>;

/** An order as stored on the request (`bins_data`). */
export const tissueOrderSchema = z.object({
  id: z.number(),
  request_id: z.number(),
  request_type: z.literal('Tissue'),
  /** BINS's id of the order. */
  orderId: z.string(),
  name: z.string(),
  email: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone_numbers: z.array(z.string()),
  donors: z.record(
    z.string(),
    z.array(z.object({ hemisphere: z.string(), description: z.string(), record_id: z.string().nullish() })),
  ),
  cases: z.array(tissueOrderCaseSchema),
  created_date: z.string(),
  modified_date: z.string(),
  created_by: z.object({ id: z.number(), display_name: z.string() }).nullable(),
});
export type TissueOrderDto = z.infer<typeof tissueOrderSchema>;
