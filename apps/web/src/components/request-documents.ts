import type { RequestDocumentDto, RequestDocumentKind } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

/**
 * A request's documents as PDF downloads (researcher §7 "Downloads"): the request page's buttons
 * and the review meeting's 'Download Application'.
 */

/** Saves a base64 PDF under its name (a link to a Blob, clicked). */
export function saveBase64Pdf(document_: RequestDocumentDto) {
  const bytes = Uint8Array.from(atob(document_.file), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: document_.name });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET request/{id}/approval_notice/ or docs/ with ?to_base64=true (researcher §7 "Downloads"). */
export function fetchRequestDocument(id: number, kind: RequestDocumentKind) {
  return apiFetch<RequestDocumentDto>(`request/${id}/${kind}/`, {
    query: { to_base64: 'true' },
    handleStatus: [400],
  });
}
