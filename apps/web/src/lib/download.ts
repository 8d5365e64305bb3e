import type { FileDto } from '@rrp/domain';
import { apiFetch, authorizationHeader, buildUrl, sessionRole, type ApiRequest } from './api-client';

/** Downloads a stored file through a short-lived signed link (the file keeps its name). */
export async function downloadFile(fileId: number) {
  const file = await apiFetch<FileDto>(`file/${fileId}/`, { query: { signed_url: 'True' } });
  if (!file.signed_url) return;
  const link = Object.assign(document.createElement('a'), { href: file.signed_url, download: file.name });
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** The file name a `Content-Disposition` header gives (its UTF-8 `filename*` first), or null. */
function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!);
    } catch {
      // A malformed name falls back to the plain one.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/**
 * Downloads a file an API path answers (a CSV, a document), with the session's token and role,
 * under the name the server gives it.
 */
export async function downloadFromApi(path: string, query: ApiRequest['query'], fallbackName: string) {
  const response = await fetch(buildUrl(path, query, sessionRole()), { headers: authorizationHeader() });
  if (!response.ok) throw new Error('The file could not be downloaded.');
  const name = dispositionFileName(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Saves rows as a CSV file (one column per key of the first row). The CSV library is loaded when
 * a file is asked for, so the list screens that offer one open without it (issue 15).
 */
export async function saveCsv(rows: Record<string, unknown>[], fileName: string) {
  const { default: Papa } = await import('papaparse');
  const url = URL.createObjectURL(new Blob([Papa.unparse(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
