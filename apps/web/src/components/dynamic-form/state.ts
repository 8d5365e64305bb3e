import { useCallback, useMemo, useState } from 'react';
import {
  conditionHolds,
  fillProduct,
  pruneHidden,
  validateForm,
  type Field,
  type FormErrors,
  type FormResult,
  type FormSchema,
  type FormValues,
} from '@rrp/domain/forms';
import { PRODUCT_NAME } from '@/lib/config';

/** The paths of every answer the form shows now (`key`, and `key.row.field` inside subform rows). */
function shownPaths(fields: readonly Field[], scope: FormValues, prefix = ''): Set<string> {
  const paths = new Set<string>();
  const walk = (list: readonly Field[]) => {
    for (const field of list) {
      if (field.dependsOn && !conditionHolds(field.dependsOn, scope)) continue;
      if (field.type === 'header' || field.type === 'divider') continue;
      if (field.type === 'followUp') {
        if (conditionHolds({ field: field.on, values: field.when }, scope)) walk(field.fields);
        continue;
      }
      paths.add(`${prefix}${field.key}`);
      const rows = scope[field.key];
      if (field.type === 'subform' && Array.isArray(rows)) {
        rows.forEach((row: FormValues, index) => {
          for (const path of shownPaths(field.fields, row ?? {}, `${prefix}${field.key}.${index}.`))
            paths.add(path);
        });
      }
    }
  };
  walk(fields);
  return paths;
}

/**
 * What a change does to the form's state: the answers lose those of fields that are now hidden
 * (and their dependents'), and the changed field's error, its rows' and its hidden fields' go.
 */
export function applyChange(
  form: Pick<FormSchema, 'fields'>,
  values: FormValues,
  errors: FormErrors,
  key: string,
  value: unknown,
  changedPath: string = key,
): { values: FormValues; errors: FormErrors } {
  const next = pruneHidden(form.fields, { ...values, [key]: value });
  const shown = shownPaths(form.fields, next);
  const segments = changedPath.split('.');
  const related = new Set(segments.map((_, index) => segments.slice(0, index + 1).join('.')));
  const kept = Object.fromEntries(
    Object.entries(errors).filter(
      ([path]) => shown.has(path) && !related.has(path) && !path.startsWith(`${changedPath}.`),
    ),
  );
  return { values: next, errors: kept };
}

/**
 * The state of one dynamic form: answers, errors per field, and `validate()`, which runs the
 * domain validator (the one the server runs) and shows its errors. `{product}` is filled in.
 */
export function useDynamicForm(schema: FormSchema, initial: FormValues = {}) {
  const form = useMemo(() => fillProduct(schema, PRODUCT_NAME), [schema]);
  const [state, setState] = useState(() => ({
    values: pruneHidden(form.fields, initial),
    errors: {} as FormErrors,
  }));
  const validate = useCallback((): FormResult => {
    const result = validateForm(form, state.values);
    setState((current) => ({ ...current, errors: result.errors }));
    return result;
  }, [form, state.values]);
  const setErrors = useCallback((errors: FormErrors) => setState((current) => ({ ...current, errors })), []);
  const reset = useCallback(
    (values: FormValues = {}) => setState({ values: pruneHidden(form.fields, values), errors: {} }),
    [form],
  );
  return {
    form,
    values: state.values,
    errors: state.errors,
    /** Props for `<DynamicForm>`. */
    bind: { form, values: state.values, errors: state.errors, onChange: setState },
    validate,
    setErrors,
    reset,
  };
}
