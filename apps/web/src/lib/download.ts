import type { FileDto } from '@rrp/domain';
import { apiFetch } from './api-client';

/** Downloads a stored file through a short-lived signed link (the file keeps its name). */
export async function downloadFile(fileId: number) {
  const file = await apiFetch<FileDto>(`file/${fileId}/`, { query: { signed_url: 'True' } });
  if (!file.signed_url) return;
  const link = Object.assign(document.createElement('a'), { href: file.signed_url, download: file.name });
  document.body.appendChild(link);
  link.click();
  link.remove();
}
