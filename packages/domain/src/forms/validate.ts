import { MESSAGES } from '../schemas/messages';
import { MAX_ID } from '../schemas/safe-input';
import type { Field, FieldCondition, FieldOption, FormSchema, Scalar, ValueField } from './form-schema';

/** The validator's messages: the spec's where it gives one, else plain ones (decision 051). */
export const FORM_MESSAGES = {
  required: MESSAGES.requiredField,
  dateFormat: MESSAGES.dateFormat,
  invalidSchema: 'Invalid Schema',
  loadFailed: (path: string) => `Failed to load schema: ${path}`,
  loadError: 'Error loading schema',
  number: 'Enter a number.',
  wholeNumber: 'Enter a whole number.',
  min: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  max: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  choice: 'Select a valid choice.',
  maxItems: (max: number) => `Select at most ${max}.`,
  range: (min: number, max: number) => `Enter values between ${min} and ${max}.`,
  rangeBoth: 'Enter both values.',
  rangeOrder: 'The first value must not be greater than the second.',
  fileType: (accept: string) => `Choose a file of type ${accept}.`,
  oneFile: 'Choose one file.',
  storedFile: 'Choose a file you uploaded.',
  minRows: (min: number) => `Add at least ${min} rows.`,
  maxRows: (max: number) => `Add at most ${max} rows.`,
  row: 'Each row must be a set of answers.',
  text: 'Enter text.',
} as const;

export type FormValues = Record<string, unknown>;
/** Field errors by key; a subform row's field is `key.row.field` (e.g. `contacts.0.email`). */
export type FormErrors = Record<string, string>;
export interface FormResult {
  /** Only the answers of shown fields, coerced (numbers, option values, ISO dates, sample ids). */
  values: FormValues;
  errors: FormErrors;
}

export const DEFAULT_ACCEPT = '.pdf';

export interface ValidateOptions {
  /**
   * What a file answer may be. The web form checks the files chosen in the browser (named
   * `File`s) before it uploads them: `chosen`, the default. The server takes what is stored, where
   * a file answer is only ever an uploaded file's id: an object with a name is no document.
   */
  files?: 'chosen' | 'stored';
}

/** Empty: nothing, blank text, an empty list, a range with neither end. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every((item) => item === null || item === '');
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

const same = (a: unknown, b: Scalar) => String(a) === String(b);

/** Whether a condition holds for the answers of the fields shown so far in its scope. */
export function conditionHolds(condition: FieldCondition, scope: FormValues): boolean {
  const value = scope[condition.field];
  if (isEmptyValue(value)) return false;
  if (!condition.values) return true;
  const answers = Array.isArray(value) ? value : [value];
  return answers.some((answer) => condition.values!.some((wanted) => same(answer, wanted)));
}

/** Splits, strips and deduplicates sample ids (researcher §5 "Sample IDs"). */
export function normalizeSampleIds(input: unknown): string[] {
  const parts = Array.isArray(input) ? input.map(String) : typeof input === 'string' ? [input] : [];
  const ids = parts
    .flatMap((part) => part.split(/[\s,]+/))
    .map((part) => part.replace(/[^A-Za-z0-9-]/g, ''))
    .filter(Boolean);
  return [...new Set(ids)];
}

/** mm/dd/yyyy (foundation §5) or YYYY-MM-DD to YYYY-MM-DD; null when it is not a real date. */
export function toIsoDate(input: string): string | null {
  const text = input.trim();
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = us
    ? [Number(us[3]), Number(us[1]), Number(us[2])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!year || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Every option of a (possibly nested) list, depth first. */
export function flattenOptions(options: readonly FieldOption[]): FieldOption[] {
  return options.flatMap((item) => [item, ...flattenOptions(item.children ?? [])]);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return null;
}

/** The option an answer stands for ('2' for the option 2, 'true' for true), if any. */
function optionFor(options: readonly FieldOption[], answer: unknown): FieldOption | undefined {
  return flattenOptions(options).find((item) => same(answer, item.value));
}

function fileName(value: unknown): string | null {
  if (value && typeof value === 'object' && 'name' in value && typeof value.name === 'string')
    return value.name;
  return null;
}

/** An uploaded file's id, within the id column's range. */
function isStoredFileId(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;
}

/** A file answer: an uploaded file's id, or a chosen file (anything with a name, e.g. a browser File). */
function isFileAnswer(value: unknown): boolean {
  return (typeof value === 'number' && Number.isInteger(value) && value > 0) || fileName(value) !== null;
}

interface Outcome {
  value?: unknown;
  error?: string;
}

function checkText(field: Extract<ValueField, { type: 'text' | 'textarea' }>, raw: unknown): Outcome {
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: FORM_MESSAGES.text };
  const value = String(raw).trim();
  if (field.maxLength !== undefined && value.length > field.maxLength) {
    return { error: FORM_MESSAGES.maxLength(field.maxLength) };
  }
  if (field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(value)) {
    return { error: field.error ?? FORM_MESSAGES.required };
  }
  return { value };
}

function checkNumber(field: Extract<ValueField, { type: 'number' }>, raw: unknown): Outcome {
  const value = toNumber(raw);
  if (value === null) return { error: FORM_MESSAGES.number };
  if (field.integer && !Number.isInteger(value)) return { error: FORM_MESSAGES.wholeNumber };
  const min = field.min ?? 0;
  if (value < min) return { error: FORM_MESSAGES.min(min) };
  if (field.max !== undefined && value > field.max) return { error: FORM_MESSAGES.max(field.max) };
  return { value };
}

function checkChoices(
  field: Extract<ValueField, { type: 'combobox' | 'checktree' | 'radio' }>,
  raw: unknown,
  multiple: boolean,
): Outcome {
  const answers = Array.isArray(raw) ? raw : [raw];
  if (!multiple && answers.length !== 1) return { error: field.error ?? FORM_MESSAGES.choice };
  if (answers.some((answer) => typeof answer === 'object' && answer !== null)) {
    return { error: field.error ?? FORM_MESSAGES.choice };
  }
  const options = field.options;
  const free = field.type === 'combobox' && (field.creatable || !options);
  const values: unknown[] = [];
  for (const answer of answers) {
    const matched = options ? optionFor(options, answer) : undefined;
    if (!matched && !free) return { error: field.error ?? FORM_MESSAGES.choice };
    const value = matched ? matched.value : typeof answer === 'string' ? answer.trim() : answer;
    if (!values.some((seen) => same(seen, value as Scalar))) values.push(value);
  }
  if (field.type === 'combobox' && field.maxItems !== undefined && values.length > field.maxItems) {
    return { error: FORM_MESSAGES.maxItems(field.maxItems) };
  }
  return { value: multiple ? values : values[0] };
}

function checkFile(field: Extract<ValueField, { type: 'file' }>, raw: unknown, stored: boolean): Outcome {
  const files = Array.isArray(raw) ? raw : [raw];
  if (!field.multiple && files.length > 1) return { error: FORM_MESSAGES.oneFile };
  if (stored)
    return files.every(isStoredFileId)
      ? { value: field.multiple ? files : files[0] }
      : { error: FORM_MESSAGES.storedFile };
  const accept = (field.accept ?? DEFAULT_ACCEPT).split(',').map((ending) => ending.trim().toLowerCase());
  for (const file of files) {
    if (!isFileAnswer(file)) return { error: field.error ?? FORM_MESSAGES.required };
    const name = fileName(file);
    if (name && !accept.some((ending) => name.toLowerCase().endsWith(ending))) {
      return { error: FORM_MESSAGES.fileType(accept.join(', ')) };
    }
  }
  return { value: field.multiple ? files : files[0] };
}

function checkRange(field: Extract<ValueField, { type: 'range' }>, raw: unknown): Outcome {
  const pair = Array.isArray(raw) ? raw : [];
  if (pair.length !== 2) return { error: FORM_MESSAGES.rangeBoth };
  const [low, high] = pair.map(toNumber);
  if (low === null || high === null || low === undefined || high === undefined) {
    return { error: FORM_MESSAGES.rangeBoth };
  }
  if (low < field.min || high > field.max) return { error: FORM_MESSAGES.range(field.min, field.max) };
  if (low > high) return { error: FORM_MESSAGES.rangeOrder };
  return { value: [low, high] };
}

/**
 * Validates and cleans the answers of one scope (the form, or one subform row). Fields are taken
 * in order; a field whose condition does not hold, or that sits in a followUp whose parent has
 * another answer, is hidden: not validated, and its answer is dropped.
 */
function validateScope(
  fields: readonly Field[],
  raw: FormValues,
  prefix: string,
  result: FormResult,
  out: FormValues,
  stored: boolean,
) {
  // The answers of the fields shown so far: what later conditions are read against.
  const shown: FormValues = {};
  const walk = (list: readonly Field[]) => {
    for (const field of list) {
      if (field.dependsOn && !conditionHolds(field.dependsOn, shown)) continue;
      if (field.type === 'header' || field.type === 'divider') continue;
      if (field.type === 'followUp') {
        if (conditionHolds({ field: field.on, values: field.when }, shown)) walk(field.fields);
        continue;
      }
      const value = raw[field.key];
      shown[field.key] = value;
      const path = `${prefix}${field.key}`;
      const outcome = checkField(field, value, path, result, stored);
      if (outcome.error) result.errors[path] = outcome.error;
      else if (outcome.value !== undefined) out[field.key] = outcome.value;
    }
  };
  walk(fields);
}

function checkField(
  field: ValueField,
  raw: unknown,
  path: string,
  result: FormResult,
  stored: boolean,
): Outcome {
  const value = field.type === 'samples' ? normalizeSampleIds(raw) : raw;
  const requiredError = field.requiredError ?? field.error ?? FORM_MESSAGES.required;
  if (field.type === 'subform') return checkSubform(field, value, path, result, requiredError, stored);
  if (isEmptyValue(value)) return field.optional ? {} : { error: requiredError };
  switch (field.type) {
    case 'text':
    case 'textarea':
      return checkText(field, value);
    case 'number':
      return checkNumber(field, value);
    case 'combobox':
      return checkChoices(field, value, Boolean(field.multiple));
    case 'checktree':
      return checkChoices(field, value, true);
    case 'radio':
      return checkChoices(field, value, false);
    case 'file':
      return checkFile(field, value, stored);
    case 'date': {
      const iso = typeof value === 'string' ? toIsoDate(value) : null;
      return iso ? { value: iso } : { error: FORM_MESSAGES.dateFormat };
    }
    case 'range':
      return checkRange(field, value);
    case 'samples':
      return { value };
  }
}

function checkSubform(
  field: Extract<ValueField, { type: 'subform' }>,
  raw: unknown,
  path: string,
  result: FormResult,
  requiredError: string,
  stored: boolean,
): Outcome {
  const rows = raw === undefined || raw === null ? [] : raw;
  if (!Array.isArray(rows)) return { error: FORM_MESSAGES.row };
  if (rows.length === 0) return field.optional ? {} : { error: requiredError };
  if (field.minRows !== undefined && rows.length < field.minRows)
    return { error: FORM_MESSAGES.minRows(field.minRows) };
  if (field.maxRows !== undefined && rows.length > field.maxRows)
    return { error: FORM_MESSAGES.maxRows(field.maxRows) };
  if (rows.some((row) => !row || typeof row !== 'object' || Array.isArray(row)))
    return { error: FORM_MESSAGES.row };
  const cleaned = rows.map((row: FormValues, index) => {
    const out: FormValues = {};
    validateScope(field.fields, row, `${path}.${index}.`, result, out, stored);
    return out;
  });
  return { value: cleaned };
}

/**
 * The one validator of dynamic forms (foundation §5): the web renderer runs it before submitting
 * and the server runs it on what arrives, so both refuse the same answers with the same messages.
 * The server passes `files: 'stored'`: by then every file answer must be an upload's id.
 */
export function validateForm(
  form: Pick<FormSchema, 'fields'>,
  values: FormValues,
  options: ValidateOptions = {},
): FormResult {
  const result: FormResult = { values: {}, errors: {} };
  validateScope(form.fields, values ?? {}, '', result, result.values, options.files === 'stored');
  return result;
}

/**
 * The answers with those of hidden fields removed, uncoerced: what the renderer keeps after each
 * change, so a field that disappears takes its answer (and its dependents') with it.
 */
export function pruneHidden(fields: readonly Field[], values: FormValues): FormValues {
  const kept: FormValues = {};
  const walk = (list: readonly Field[]) => {
    for (const field of list) {
      if (field.dependsOn && !conditionHolds(field.dependsOn, kept)) continue;
      if (field.type === 'header' || field.type === 'divider') continue;
      if (field.type === 'followUp') {
        if (conditionHolds({ field: field.on, values: field.when }, kept)) walk(field.fields);
        continue;
      }
      if (!(field.key in values)) continue;
      const value = values[field.key];
      kept[field.key] =
        field.type === 'subform' && Array.isArray(value)
          ? value.map((row: FormValues) =>
              row && typeof row === 'object' ? pruneHidden(field.fields, row) : row,
            )
          : value;
    }
  };
  walk(fields);
  return kept;
}

/** Whether a field is shown, given the answers of its scope (after `pruneHidden`). */
export function isFieldShown(field: Field, scope: FormValues): boolean {
  return !field.dependsOn || conditionHolds(field.dependsOn, scope);
}
