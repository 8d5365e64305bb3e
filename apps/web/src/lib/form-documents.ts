import { useQuery } from '@tanstack/react-query';
import type { FileDto, FileListItemDto } from '@rrp/domain';
import { fileFieldKeys, type FormSchema, type FormValues } from '@rrp/domain/forms';
import { apiFetch, type ListPage } from './api-client';

/** The file type of Research Match documents (the server's `rm_document` policy). */
export const RESEARCH_MATCH_DOCUMENT = 'rm_document';

/**
 * Uploads the files chosen on a dynamic form (browser `File`s) through the scanned upload API and
 * answers the form's values with each file replaced by its stored id; ids already stored stay. The
 * upload belongs to a project (an application not filed yet) or to a request (its renewal).
 */
export async function uploadFormFiles(
  form: FormSchema,
  values: FormValues,
  target: { type: string; project?: number; request?: number },
): Promise<FormValues> {
  const upload = async (file: unknown) => {
    if (!(file instanceof File)) return file;
    const body = new FormData();
    body.append('type', target.type);
    body.append('name', file.name);
    if (target.project !== undefined) body.append('project', String(target.project));
    if (target.request !== undefined) body.append('request', String(target.request));
    body.append('file', file, file.name);
    const stored = await apiFetch<FileDto>('file/', { method: 'POST', body, handleStatus: [400, 412, 413] });
    return stored.id;
  };
  const next: FormValues = { ...values };
  for (const key of fileFieldKeys(form.fields)) {
    const value = next[key];
    if (value === undefined || value === null) continue;
    next[key] = Array.isArray(value) ? await Promise.all(value.map(upload)) : await upload(value);
  }
  return next;
}

/** The ids of the stored uploads a file answer names (one id, or a list of them). */
export function documentIds(value: unknown): number[] {
  return (Array.isArray(value) ? value : [value]).filter(
    (item): item is number => typeof item === 'number' && Number.isInteger(item) && item > 0,
  );
}

/**
 * What a file answer reads as before it is sent: the chosen files' own names, then the names of
 * uploads already stored (a continued draft), as far as they are known.
 */
export function documentNames(value: unknown, stored: ReadonlyMap<number, { name: string }>): string[] {
  return (Array.isArray(value) ? value : [value]).flatMap((item) => {
    if (item instanceof File) return [item.name];
    if (typeof item === 'number') return stored.has(item) ? [stored.get(item)!.name] : [];
    return [];
  });
}

/**
 * The stored documents among `ids` the reader may read (GET file/?id__in, which lists only those),
 * by id. A document they may not read is simply not there.
 */
export function useStoredDocuments(ids: readonly number[]) {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['files', 'documents', ...wanted],
    enabled: wanted.length > 0,
    queryFn: async () => {
      const page = await apiFetch<ListPage<FileListItemDto>>('file/', {
        query: { id__in: wanted.join(','), limit: wanted.length },
      });
      return new Map(page.results.map((file) => [file.id, file]));
    },
    staleTime: 60_000,
  });
}

/** Whether the browser shows this document itself (the server serves only PDFs inline). */
export const opensInBrowser = (file: Pick<FileDto, 'file_type'>) => file.file_type === 'application/pdf';

/**
 * Opens a stored PDF in a new window through a short-lived signed link served inline. The window
 * opens at the click, before the link is asked for: one opened after waiting may be blocked as a
 * pop-up. It is cut from this page (no `opener`) before it leaves `about:blank`.
 */
export async function openDocument(fileId: number): Promise<void> {
  const shown = window.open('', '_blank');
  try {
    const file = await apiFetch<FileDto>(`file/${fileId}/`, {
      query: { signed_url: 'True', inline: 'True' },
    });
    if (!file.signed_url) throw new Error('The document has no link.');
    if (!shown) {
      window.location.assign(file.signed_url);
      return;
    }
    shown.opener = null;
    shown.location.href = file.signed_url;
  } catch (error) {
    shown?.close();
    throw error;
  }
}
