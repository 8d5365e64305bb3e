import { z } from 'zod';

/**
 * A request's downloads (researcher §7 "Downloads"): the approval notice and the whole
 * application, as PDFs. `?to_base64=true` answers `{file, name}`; otherwise the bytes.
 */
export const REQUEST_DOCUMENT_KINDS = ['approval_notice', 'docs'] as const;
export type RequestDocumentKind = (typeof REQUEST_DOCUMENT_KINDS)[number];

/** Statuses whose decision the approval notice states (decision 077). */
export const APPROVAL_NOTICE_STATUSES: readonly number[] = [4, 7];

export const REQUEST_DOCUMENT_MESSAGES = {
  notApproved: 'The approval notice is available once the request is approved or fulfilled.',
} as const;

export const requestDocumentQuerySchema = z.strictObject({
  to_base64: z
    .enum(['true', 'True', 'false', 'False', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === 'True' || value === '1'),
});

export const requestDocumentSchema = z.object({
  /** The PDF, base64-encoded. */
  file: z.string(),
  /** The file name, e.g. `RRP-2025-0001-approval-notice.pdf`. */
  name: z.string(),
});
export type RequestDocumentDto = z.infer<typeof requestDocumentSchema>;
