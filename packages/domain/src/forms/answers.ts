import { formatDate, NO_VALUE } from '../format';
import type { Field as FormField, FieldOption, FormSchema } from './form-schema';

/** A form field's label and its options' labels (nested checktree options included). */
export interface AnswerLabel {
  label: string;
  options: Map<string, string>;
  /** A range field: its answer is a pair, [from, to]. */
  range?: boolean;
}

function optionLabels(options: FieldOption[] | undefined, into = new Map<string, string>()) {
  for (const option of options ?? []) {
    into.set(String(option.value), option.label);
    optionLabels(option.children, into);
  }
  return into;
}

/**
 * Every answer key of a form with its label and option labels (subforms and follow-ups too), in
 * the order the form asks them.
 */
export function formLabels(schema: FormSchema | undefined): Map<string, AnswerLabel> {
  const labels = new Map<string, AnswerLabel>();
  const walk = (fields: readonly FormField[]) => {
    for (const field of fields) {
      if (field.type === 'followUp' || field.type === 'subform') walk(field.fields);
      if (field.type === 'header' || field.type === 'divider' || field.type === 'followUp') continue;
      if (!labels.has(field.key))
        labels.set(field.key, {
          label: field.label,
          options: optionLabels('options' in field ? field.options : undefined),
          ...(field.type === 'range' ? { range: true } : {}),
        });
    }
  };
  if (schema) walk(schema.fields);
  return labels;
}

/** A range answer ([from, to]) as people read it: '4–17'; 'from 18' or 'up to 17' with one end. */
export function rangeText(value: unknown): string {
  const given = (end: unknown) => end !== null && end !== undefined && end !== '';
  if (!Array.isArray(value)) return NO_VALUE;
  const [from, to] = value as unknown[];
  if (given(from) && given(to)) return `${String(from)}–${String(to)}`;
  if (given(from)) return `from ${String(from)}`;
  return given(to) ? `up to ${String(to)}` : NO_VALUE;
}

/**
 * A stored answer as people read it: option labels instead of values, Yes/No, dates in the
 * portal's format, a range as '4–17', a subform's rows one per line with their answers, '—' when
 * empty.
 */
export function answerText(value: unknown, labels?: Map<string, AnswerLabel>, key?: string): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (key !== undefined && labels?.get(key)?.range) return rangeText(value);
  const options = key === undefined ? undefined : labels?.get(key)?.options;
  if (options?.has(String(value))) return options.get(String(value))!;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (Array.isArray(value)) {
    const rows = value.some((item) => item !== null && typeof item === 'object');
    return value.map((item) => answerText(item, labels, key)).join(rows ? '\n' : ', ');
  }
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([field, item]) => answerText(item, labels, field))
      .filter((text) => text !== NO_VALUE)
      .join(', ');
  return String(value);
}

/** The keys of a form's file fields (follow-ups included). */
export function fileFieldKeys(fields: readonly FormField[]): string[] {
  return fields.flatMap((field) =>
    field.type === 'followUp' ? fileFieldKeys(field.fields) : field.type === 'file' ? [field.key] : [],
  );
}

/** The stored file ids a form's answers name, each with the field naming it. */
export function fileAnswers(
  fields: readonly FormField[],
  values: Record<string, unknown>,
): { key: string; id: number }[] {
  return fileFieldKeys(fields).flatMap((key) => {
    const value = values[key];
    const ids = (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');
    return ids.map((id) => ({ key, id }));
  });
}
