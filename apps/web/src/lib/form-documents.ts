import type { FileDto } from '@rrp/domain';
import { fileFieldKeys, type FormSchema, type FormValues } from '@rrp/domain/forms';
import { apiFetch } from './api-client';

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
