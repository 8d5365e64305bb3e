import { useQuery } from '@tanstack/react-query';
import { FORM_MESSAGES, parseFormSchema, type FormSchema } from '@rrp/domain/forms';

/** Why a form schema could not be shown: the spec's messages (researcher §8). */
class SchemaLoadError extends Error {
  override name = 'SchemaLoadError';
}

const formSchemaPath = (id: string) => `/forms/${encodeURIComponent(id)}.json`;

/**
 * Loads `/forms/{id}.json` for any screen that shows a form (a static document, not an API call):
 * an answer other than 200 is 'Failed to load schema: {path}', a network failure or a body that is
 * not JSON 'Error loading schema', and JSON that is not a form 'Invalid Schema'.
 */
export async function loadFormSchema(id: string): Promise<FormSchema> {
  const path = formSchemaPath(id);
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: 'application/json' } });
  } catch {
    throw new SchemaLoadError(FORM_MESSAGES.loadError);
  }
  if (!response.ok) throw new SchemaLoadError(FORM_MESSAGES.loadFailed(path));
  let document: unknown;
  try {
    document = await response.json();
  } catch {
    throw new SchemaLoadError(FORM_MESSAGES.loadError);
  }
  const form = parseFormSchema(document);
  if (!form) throw new SchemaLoadError(FORM_MESSAGES.invalidSchema);
  return form;
}

export function useFormSchema(id: string) {
  return useQuery({
    queryKey: ['form-schema', id],
    queryFn: () => loadFormSchema(id),
    retry: false,
    staleTime: 60_000,
  });
}
