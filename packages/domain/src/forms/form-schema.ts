import { z } from 'zod';
import { RESPONSE_SELECTION_TABLES } from './catalogue';

/**
 * The dynamic-form schema (foundation §5 "Generic dynamic form", §9 field types): a form is an
 * ordered list of fields; the JSON files under `definitions/` are checked against this schema at
 * start-up, in a unit test, and by the form tester ('Invalid Schema' when they do not match).
 */

/** An answer an option stands for: text, a number (e.g. GPF access 1 or 2) or a yes/no boolean. */
export type Scalar = string | number | boolean;

export interface FieldOption {
  value: Scalar;
  label: string;
  /** Nested options of a checktree. */
  children?: FieldOption[];
}

/**
 * Show the field only when an earlier field of the same form (or subform row) has a value
 * (`values` absent) or one of `values`. Hidden fields are neither validated nor kept.
 */
export interface FieldCondition {
  field: string;
  values?: Scalar[];
}

interface BaseField {
  key: string;
  label: string;
  description?: string;
  /** Non-optional fields are required: empty values, empty lists and empty dates fail. */
  optional?: boolean;
  /** The custom error for a failed pattern or choice, also shown for an empty required field. */
  error?: string;
  /** The error for an empty required field when it differs from `error` (default 'Required field'). */
  requiredError?: string;
  dependsOn?: FieldCondition;
}

export interface HeaderField {
  type: 'header';
  key?: string;
  label: string;
  /** A paragraph under the heading. */
  text?: string;
  dependsOn?: FieldCondition;
}
export interface DividerField {
  type: 'divider';
  key?: string;
  dependsOn?: FieldCondition;
}
export interface TextField extends BaseField {
  type: 'text';
  maxLength?: number;
  /** A regular expression the whole answer must match. */
  pattern?: string;
  placeholder?: string;
  inputType?: 'text' | 'email' | 'tel';
}
export interface TextareaField extends BaseField {
  type: 'textarea';
  maxLength?: number;
  pattern?: string;
  placeholder?: string;
  rows?: number;
}
export interface NumberField extends BaseField {
  type: 'number';
  /** Default 0 (researcher §5 "Number fields have min 0"). */
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  /** Shown after the label, e.g. 'µg'. */
  unit?: string;
}
export interface ComboboxField extends BaseField {
  type: 'combobox';
  /** Fixed choices; or `table` for a remote list (`GET /api/response-selection/?table=`). */
  options?: FieldOption[];
  table?: string;
  multiple?: boolean;
  /** With `multiple`: at most this many answers (e.g. keywords up to 3). */
  maxItems?: number;
  /** With `multiple`: free answers besides the choices (a tag list). */
  creatable?: boolean;
  placeholder?: string;
}
export interface CheckTreeField extends BaseField {
  type: 'checktree';
  options: FieldOption[];
}
export interface RadioField extends BaseField {
  type: 'radio';
  options: FieldOption[];
}
export interface FileField extends BaseField {
  type: 'file';
  /** File name endings the picker accepts, comma separated; default '.pdf'. */
  accept?: string;
  multiple?: boolean;
}
export interface SubformField extends BaseField {
  type: 'subform';
  /** The fields of one row; conditions in them refer to fields of the same row. */
  fields: Field[];
  minRows?: number;
  maxRows?: number;
  addLabel?: string;
}
/** Fields shown under the field `on` when its answer is one of `when`. */
export interface FollowUpField {
  type: 'followUp';
  key?: string;
  on: string;
  when: Scalar[];
  fields: Field[];
  dependsOn?: FieldCondition;
}
export interface DateField extends BaseField {
  type: 'date';
}
/** A from–to pair within `min`..`max` (e.g. ages 0 to 130). */
export interface RangeField extends BaseField {
  type: 'range';
  min: number;
  max: number;
  step?: number;
}
/**
 * Sample ids as a tag list (researcher §5 "Sample IDs"): split on comma, space or newline, stripped
 * to letters, digits and hyphens, deduplicated. Their availability is checked by the request work.
 */
export interface SamplesField extends BaseField {
  type: 'samples';
  placeholder?: string;
}

export type Field =
  | HeaderField
  | DividerField
  | TextField
  | TextareaField
  | NumberField
  | ComboboxField
  | CheckTreeField
  | RadioField
  | FileField
  | SubformField
  | FollowUpField
  | DateField
  | RangeField
  | SamplesField;

export type FieldType = Field['type'];
/** The fields that hold an answer under their key. */
export type ValueField = Exclude<Field, HeaderField | DividerField | FollowUpField>;

export interface FormSchema {
  id: string;
  title: string;
  description?: string;
  fields: Field[];
}

export const FIELD_TYPES = [
  'header',
  'combobox',
  'text',
  'textarea',
  'number',
  'checktree',
  'radio',
  'file',
  'subform',
  'followUp',
  'divider',
  'date',
  'range',
  'samples',
] as const satisfies readonly FieldType[];

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const key = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: 'Keys are letters, digits and _.' });
const text = z.string().min(1);
const condition: z.ZodType<FieldCondition> = z.strictObject({
  field: key,
  values: z.array(scalar).min(1).optional(),
});
const option: z.ZodType<FieldOption> = z.lazy(() =>
  z.strictObject({ value: scalar, label: text, children: z.array(option).min(1).optional() }),
);
const flatOption = z.strictObject({ value: scalar, label: text });
const pattern = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'Not a valid regular expression.' },
);
const base = {
  key,
  label: text,
  description: z.string().optional(),
  optional: z.boolean().optional(),
  error: text.optional(),
  requiredError: text.optional(),
  dependsOn: condition.optional(),
};
const positive = z.number().int().positive();

const field: z.ZodType<Field> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('header'),
      key: key.optional(),
      label: text,
      text: z.string().optional(),
      dependsOn: condition.optional(),
    }),
    z.strictObject({ type: z.literal('divider'), key: key.optional(), dependsOn: condition.optional() }),
    z.strictObject({
      ...base,
      type: z.literal('text'),
      maxLength: positive.optional(),
      pattern: pattern.optional(),
      placeholder: z.string().optional(),
      inputType: z.enum(['text', 'email', 'tel']).optional(),
    }),
    z.strictObject({
      ...base,
      type: z.literal('textarea'),
      maxLength: positive.optional(),
      pattern: pattern.optional(),
      placeholder: z.string().optional(),
      rows: positive.optional(),
    }),
    z.strictObject({
      ...base,
      type: z.literal('number'),
      min: z.number().optional(),
      max: z.number().optional(),
      step: z.number().positive().optional(),
      integer: z.boolean().optional(),
      unit: z.string().optional(),
    }),
    z
      .strictObject({
        ...base,
        type: z.literal('combobox'),
        options: z.array(flatOption).min(1).optional(),
        table: z.enum(RESPONSE_SELECTION_TABLES).optional(),
        multiple: z.boolean().optional(),
        maxItems: positive.optional(),
        creatable: z.boolean().optional(),
        placeholder: z.string().optional(),
      })
      .refine((f) => Boolean(f.options) !== Boolean(f.table), {
        error: 'A combobox has either options or a table.',
      }),
    z.strictObject({ ...base, type: z.literal('checktree'), options: z.array(option).min(1) }),
    z.strictObject({ ...base, type: z.literal('radio'), options: z.array(flatOption).min(1) }),
    z.strictObject({
      ...base,
      type: z.literal('file'),
      accept: z
        .string()
        .regex(/^\.[A-Za-z0-9]+(,\s*\.[A-Za-z0-9]+)*$/)
        .optional(),
      multiple: z.boolean().optional(),
    }),
    z.strictObject({
      ...base,
      type: z.literal('subform'),
      fields: z.array(field).min(1),
      minRows: z.number().int().nonnegative().optional(),
      maxRows: positive.optional(),
      addLabel: text.optional(),
    }),
    z.strictObject({
      type: z.literal('followUp'),
      key: key.optional(),
      on: key,
      when: z.array(scalar).min(1),
      fields: z.array(field).min(1),
      dependsOn: condition.optional(),
    }),
    z.strictObject({ ...base, type: z.literal('date') }),
    z
      .strictObject({
        ...base,
        type: z.literal('range'),
        min: z.number(),
        max: z.number(),
        step: z.number().positive().optional(),
      })
      .refine((f) => f.min < f.max, { error: 'A range needs min below max.' }),
    z.strictObject({ ...base, type: z.literal('samples'), placeholder: z.string().optional() }),
  ]),
);

/**
 * Keys are unique within their scope (the form, or one subform row, followUp fields included),
 * and a condition or followUp refers to a value field declared before it in the same scope.
 */
function checkScope(
  fields: Field[],
  path: (string | number)[],
  ctx: z.RefinementCtx,
  seen = new Set<string>(),
) {
  fields.forEach((item, index) => {
    const at = [...path, index];
    const refersTo = (name: string, where: string) => {
      if (!seen.has(name)) {
        ctx.addIssue({
          code: 'custom',
          path: [...at, where],
          message: `'${name}' is not a field declared before this one.`,
        });
      }
    };
    if (item.dependsOn) refersTo(item.dependsOn.field, 'dependsOn');
    if (item.type === 'followUp') {
      refersTo(item.on, 'on');
      checkScope(item.fields, [...at, 'fields'], ctx, seen);
      return;
    }
    if (item.type === 'header' || item.type === 'divider') return;
    if (seen.has(item.key)) {
      ctx.addIssue({ code: 'custom', path: [...at, 'key'], message: `Duplicate key '${item.key}'.` });
    }
    seen.add(item.key);
    if (item.type === 'subform') checkScope(item.fields, [...at, 'fields'], ctx);
  });
}

export const formSchemaSchema: z.ZodType<FormSchema> = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/),
    title: text,
    description: z.string().optional(),
    fields: z.array(field).min(1),
  })
  .superRefine((form, ctx) => checkScope(form.fields, ['fields'], ctx));

/** Parses an unknown JSON document as a form schema; `null` when it is not one ('Invalid Schema'). */
export function parseFormSchema(document: unknown): FormSchema | null {
  const parsed = formSchemaSchema.safeParse(document);
  return parsed.success ? parsed.data : null;
}

/** Fills the `{product}` placeholder of every label, text and message with the product's name. */
export function fillProduct<T>(value: T, productName: string): T {
  if (typeof value === 'string') return value.replaceAll('{product}', productName) as T;
  if (Array.isArray(value)) return value.map((item) => fillProduct(item, productName)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, fillProduct(item, productName)]),
    ) as T;
  }
  return value;
}
