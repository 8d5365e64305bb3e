import {
  fillProduct,
  formSchemaSchema,
  validateForm,
  type FormResult,
  type FormSchema,
  type FormValues,
  type ResponseSelectionTable,
} from '@rrp/domain/forms';
import { FORM_DOCUMENTS } from '@rrp/domain/forms/definitions';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { NotFoundError } from '../../platform/http/errors';
import { parseListQuery, selectPage } from '../../platform/list';
import { RESPONSE_SELECTION_LISTS, RESPONSE_SELECTION_SOURCES } from './forms.lists';

type Query = Record<string, string | undefined>;

/**
 * The dynamic forms: the checked-in documents, checked against the form schema when the server
 * starts (a broken document stops start-up, naming the form), with the product's name filled in.
 * The request work validates answers through `validate`, the same validator the web form runs.
 */
export function createFormsService(deps: {
  db: Db;
  productName: string;
  /** The documents to serve; the checked-in ones unless a test gives others. */
  documents?: readonly unknown[];
}) {
  const forms = new Map<string, FormSchema>();
  for (const document of deps.documents ?? FORM_DOCUMENTS) {
    const parsed = formSchemaSchema.safeParse(document);
    if (!parsed.success) {
      const id = (document as { id?: unknown }).id;
      throw new Error(`Form ${String(id)} is not a valid form schema: ${z.prettifyError(parsed.error)}`);
    }
    forms.set(parsed.data.id, fillProduct(parsed.data, deps.productName));
  }

  return {
    /** A form by id, or null for an id the product does not ship. */
    find(id: string): FormSchema | null {
      return forms.get(id) ?? null;
    },

    /** A form by id; 404 for an id the product does not ship. */
    get(id: string): FormSchema {
      const form = forms.get(id);
      if (!form) throw new NotFoundError();
      return form;
    },

    /**
     * The answers of a form, cleaned, and the errors per field (empty when they pass). What the
     * server is sent is stored: a file answer must be an upload's id, never a mere name.
     */
    validate(id: string, values: FormValues): FormResult {
      return validateForm(this.get(id), values, { files: 'stored' });
    },

    /** One page of a remote option list (`GET response-selection/?table=`). */
    async listOptions(table: ResponseSelectionTable, query: Query) {
      const list = parseListQuery(RESPONSE_SELECTION_LISTS[table], query);
      const page = await selectPage(deps.db, RESPONSE_SELECTION_SOURCES[table], list);
      return { list, count: page.count, results: page.rows.map((row) => ({ id: row.id, name: row.name })) };
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
