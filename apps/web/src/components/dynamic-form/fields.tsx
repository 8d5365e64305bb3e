import { Fragment, useId, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Divider,
  Fieldset,
  FileInput,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_ACCEPT,
  conditionHolds,
  flattenOptions,
  normalizeSampleIds,
  toIsoDate,
  type Field,
  type FieldOption,
  type FormErrors,
  type FormValues,
  type Scalar,
  type ValueField,
} from '@rrp/domain/forms';
import { apiFetch } from '@/lib/api-client';

/** Reports a change: the field's key in its scope, its new answer, and the full path of what changed. */
export type ChangeHandler = (key: string, value: unknown, changedPath: string) => void;

interface ScopeProps {
  fields: readonly Field[];
  /** The answers of this scope: the form, or one subform row. */
  scope: FormValues;
  /** Error keys of this scope start with it ('' for the form, `key.row.` in a row). */
  prefix: string;
  errors: FormErrors;
  onChange: ChangeHandler;
  headingOrder: 2 | 3 | 4;
  disabled?: boolean;
  /** Shown right after a field of the form (not of a subform row), by its key. */
  addons?: Partial<Record<string, ReactNode>>;
}

const label = (field: ValueField) =>
  field.type === 'number' && field.unit ? `${field.label} (${field.unit})` : field.label;

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The option an input's string stands for, so answers keep their type (2, true, 'yes'). */
const typed = (options: readonly FieldOption[], value: string): Scalar =>
  flattenOptions(options).find((option) => String(option.value) === value)?.value ?? value;

function useRemoteOptions(table: string | undefined): { options: FieldOption[]; loading: boolean } {
  const query = useQuery({
    queryKey: ['response-selection', table],
    enabled: Boolean(table),
    staleTime: 5 * 60_000,
    queryFn: () =>
      apiFetch<{ results: { id: number; name: string }[] }>('/response-selection/', {
        query: { table, ordering: 'created', limit: 1000 },
      }),
  });
  return {
    options: (query.data?.results ?? []).map((row) => ({ value: row.name, label: row.name })),
    loading: query.isLoading,
  };
}

/** A group of inputs under one legend, with its error read out with the group. */
function Group_({
  legend,
  description,
  error,
  required,
  children,
}: {
  legend: string;
  description?: string;
  error?: string;
  required: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Fieldset
      variant="unstyled"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      styles={{ legend: { padding: 0, marginBottom: 4 } }}
      legend={
        // Styled as every other field's label, with the same asterisk.
        <Input.Label labelElement="div" required={required}>
          {legend}
        </Input.Label>
      }
    >
      <Stack gap={6}>
        {description && (
          <Input.Description id={`${id}-description`} c="gray.7">
            {description}
          </Input.Description>
        )}
        {children}
        {error && <Input.Error id={`${id}-error`}>{error}</Input.Error>}
      </Stack>
    </Fieldset>
  );
}

function CheckTree({
  options,
  value,
  onChange,
  disabled,
  depth = 0,
}: {
  options: readonly FieldOption[];
  value: Scalar[];
  onChange: (value: Scalar[]) => void;
  disabled?: boolean;
  depth?: number;
}) {
  const has = (option: FieldOption) => value.some((item) => String(item) === String(option.value));
  const toggle = (option: FieldOption, checked: boolean) => {
    // A parent ticks and unticks its whole branch.
    const branch = flattenOptions([option]).map((item) => String(item.value));
    const rest = value.filter((item) => !branch.includes(String(item)));
    onChange(checked ? [...rest, ...flattenOptions([option]).map((item) => item.value)] : rest);
  };
  return (
    <Stack gap={6} pl={depth ? 'lg' : 0}>
      {options.map((option) => {
        const descendants = flattenOptions(option.children ?? []);
        const some = descendants.some(has);
        return (
          <Stack gap={6} key={String(option.value)}>
            <Checkbox
              label={option.label}
              checked={has(option)}
              indeterminate={!has(option) && some}
              disabled={disabled}
              onChange={(event) => toggle(option, event.currentTarget.checked)}
            />
            {option.children && (
              <CheckTree
                options={option.children}
                value={value}
                onChange={onChange}
                disabled={disabled}
                depth={depth + 1}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

function ComboboxInput({
  field,
  value,
  error,
  onChange,
  disabled,
}: {
  field: Extract<ValueField, { type: 'combobox' }>;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  disabled?: boolean;
}) {
  const remote = useRemoteOptions(field.table);
  const options = field.options ?? remote.options;
  const data = options.map((option) => ({ value: String(option.value), label: option.label }));
  const common = {
    label: field.label,
    description: field.description,
    error,
    withAsterisk: !field.optional,
    disabled,
    placeholder: field.placeholder,
  };
  const list = Array.isArray(value) ? value.map(String) : [];
  if (field.multiple && field.creatable) {
    return (
      <TagsInput
        {...common}
        data={data.map((item) => item.value)}
        value={list}
        maxTags={field.maxItems}
        onChange={(next) => onChange(next.map((item) => typed(options, item)))}
        clearable
      />
    );
  }
  if (field.multiple) {
    return (
      <MultiSelect
        {...common}
        data={data}
        value={list}
        maxValues={field.maxItems}
        searchable
        clearable
        onChange={(next) => onChange(next.map((item) => typed(options, item)))}
      />
    );
  }
  return (
    <Select
      {...common}
      data={data}
      value={value === undefined || value === null ? null : String(value)}
      searchable
      clearable
      nothingFoundMessage={remote.loading ? 'Loading…' : 'Nothing found'}
      onChange={(next) => onChange(next === null ? null : typed(options, next))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function DateField({
  field,
  value,
  error,
  onChange,
  disabled,
}: {
  field: ValueField;
  value: unknown;
  error?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const text = asText(value);
  const iso = toIsoDate(text);
  return (
    <DateInput
      label={field.label}
      description={field.description ?? 'MM/DD/YYYY'}
      placeholder="MM/DD/YYYY"
      valueFormat="MM/DD/YYYY"
      dateParser={(input) => toIsoDate(input)}
      fixOnBlur={false}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${field.label}` }}
      withAsterisk={!field.optional}
      value={iso}
      onChange={(next) => onChange(next ?? '')}
      onBlur={(event) => {
        const typedText = event.currentTarget.value.trim();
        onChange(typedText ? (toIsoDate(typedText) ?? typedText) : '');
      }}
      error={error}
      disabled={disabled}
    />
  );
}

function RangeInput({
  field,
  value,
  error,
  onChange,
  disabled,
}: {
  field: Extract<ValueField, { type: 'range' }>;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  disabled?: boolean;
}) {
  const pair = Array.isArray(value) ? value : [null, null];
  const set = (index: 0 | 1, next: number | string) => {
    const copy = [pair[0] ?? null, pair[1] ?? null];
    copy[index] = next === '' ? null : next;
    onChange(copy.every((item) => item === null) ? null : copy);
  };
  return (
    <Group_
      legend={field.label}
      description={field.description ?? `From ${field.min} to ${field.max}`}
      error={error}
      required={!field.optional}
    >
      <Group gap="md" align="flex-start">
        {(['From', 'To'] as const).map((part, index) => (
          <NumberInput
            key={part}
            label={part}
            w={140}
            min={field.min}
            max={field.max}
            step={field.step}
            value={(pair[index] as number | null) ?? ''}
            onChange={(next) => set(index as 0 | 1, next)}
            disabled={disabled}
            error={Boolean(error)}
          />
        ))}
      </Group>
    </Group_>
  );
}

function SubformInput({
  field,
  value,
  path,
  errors,
  onChange,
  headingOrder,
  disabled,
}: {
  field: Extract<ValueField, { type: 'subform' }>;
  value: unknown;
  path: string;
  errors: FormErrors;
  onChange: ChangeHandler;
  headingOrder: 2 | 3 | 4;
  disabled?: boolean;
}) {
  const rows: FormValues[] = Array.isArray(value) ? value : [];
  const full = field.maxRows !== undefined && rows.length >= field.maxRows;
  return (
    <Group_
      legend={field.label}
      description={field.description}
      error={errors[path]}
      required={!field.optional}
    >
      {rows.map((row, index) => (
        <Paper
          withBorder
          p="sm"
          radius="sm"
          key={index}
          aria-label={`${field.label}, row ${index + 1}`}
          role="group"
        >
          <Stack gap="sm">
            <FieldList
              fields={field.fields}
              scope={row ?? {}}
              prefix={`${path}.${index}.`}
              errors={errors}
              headingOrder={headingOrder}
              disabled={disabled}
              onChange={(key, next, changedPath) =>
                onChange(
                  field.key,
                  rows.map((item, at) => (at === index ? { ...item, [key]: next } : item)),
                  changedPath,
                )
              }
            />
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                c="red.9"
                size="xs"
                disabled={disabled}
                onClick={() =>
                  onChange(
                    field.key,
                    rows.filter((_, at) => at !== index),
                    path,
                  )
                }
              >
                Remove row {index + 1}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={disabled || full}
          onClick={() => onChange(field.key, [...rows, {}], path)}
        >
          {field.addLabel ?? 'Add row'}
        </Button>
      </Group>
    </Group_>
  );
}

function ValueInput({
  field,
  scope,
  prefix,
  errors,
  onChange,
  headingOrder,
  disabled,
}: Omit<ScopeProps, 'fields'> & { field: ValueField }) {
  const path = `${prefix}${field.key}`;
  const value = scope[field.key];
  const error = errors[path];
  const set = (next: unknown) => onChange(field.key, next, path);
  const common = {
    label: label(field),
    description: field.description,
    error,
    withAsterisk: !field.optional,
    // Announced as required without the browser's own validation bubbles (our messages show instead).
    'aria-required': field.optional ? undefined : true,
    disabled,
  };
  switch (field.type) {
    case 'text':
      return (
        <TextInput
          {...common}
          type={field.inputType ?? 'text'}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          value={asText(value)}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={field.rows ?? 3}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          value={asText(value)}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          maw={280}
          min={field.min ?? 0}
          max={field.max}
          step={field.step}
          allowDecimal={!field.integer}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => set(next === '' ? null : next)}
        />
      );
    case 'combobox':
      return <ComboboxInput field={field} value={value} error={error} onChange={set} disabled={disabled} />;
    case 'radio':
      return (
        <Radio.Group
          {...common}
          // The group's own wrapper is no radiogroup: its asterisk says it instead.
          aria-required={undefined}
          value={value === undefined || value === null ? null : String(value)}
          onChange={(next) => set(typed(field.options, next))}
        >
          <Stack gap={6} mt={6}>
            {field.options.map((option) => (
              <Radio
                key={String(option.value)}
                value={String(option.value)}
                label={option.label}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checktree':
      return (
        <Group_ legend={field.label} description={field.description} error={error} required={!field.optional}>
          <CheckTree
            options={field.options}
            value={Array.isArray(value) ? value : []}
            onChange={set}
            disabled={disabled}
          />
        </Group_>
      );
    case 'file': {
      const files =
        value instanceof File || (Array.isArray(value) && value.every((item) => item instanceof File));
      const stored = !files && value !== undefined && value !== null;
      return (
        <FileInput
          {...common}
          // The picker is a button, which aria-required may not name (axe aria-allowed-attr); its
          // asterisk and the form's message say it is required.
          aria-required={undefined}
          description={field.description ?? `Accepted: ${field.accept ?? DEFAULT_ACCEPT}`}
          accept={field.accept ?? DEFAULT_ACCEPT}
          multiple={field.multiple}
          clearable
          placeholder={stored ? 'A file is already uploaded; choose one to replace it' : 'Choose a file'}
          value={files ? (value as File | File[]) : field.multiple ? [] : null}
          onChange={(next) => set(next)}
        />
      );
    }
    case 'date':
      return <DateField field={field} value={value} error={error} onChange={set} disabled={disabled} />;
    case 'range':
      return <RangeInput field={field} value={value} error={error} onChange={set} disabled={disabled} />;
    case 'samples':
      return (
        <TagsInput
          {...common}
          placeholder={field.placeholder}
          splitChars={[',', ' ', '\n']}
          acceptValueOnBlur
          clearable
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(next) => set(normalizeSampleIds(next))}
        />
      );
    case 'subform':
      return (
        <SubformInput
          field={field}
          value={value}
          path={path}
          errors={errors}
          onChange={onChange}
          headingOrder={headingOrder}
          disabled={disabled}
        />
      );
  }
}

/** The fields of one scope, in order, each shown only while its condition holds. */
export function FieldList(props: ScopeProps) {
  const { fields, scope, headingOrder } = props;
  return (
    <>
      {fields.map((field, index) => {
        if (field.dependsOn && !conditionHolds(field.dependsOn, scope)) return null;
        const reactKey = 'key' in field && field.key ? field.key : `${field.type}-${index}`;
        switch (field.type) {
          case 'header':
            return (
              <Stack gap={4} key={reactKey} mt="sm">
                <Title order={headingOrder} fz="lg">
                  {field.label}
                </Title>
                {field.text && (
                  <Text size="sm" c="gray.8">
                    {field.text}
                  </Text>
                )}
              </Stack>
            );
          case 'divider':
            return <Divider key={reactKey} my="xs" />;
          case 'followUp':
            if (!conditionHolds({ field: field.on, values: field.when }, scope)) return null;
            return (
              <Box
                key={reactKey}
                pl="md"
                style={{ borderLeft: '3px solid var(--mantine-color-blue-2)' }}
                data-follow-up={field.on}
              >
                <Stack gap="md">
                  <FieldList {...props} fields={field.fields} />
                </Stack>
              </Box>
            );
          default:
            return (
              <Fragment key={reactKey}>
                <ValueInput {...props} field={field} />
                {props.prefix === '' && props.addons?.[field.key]}
              </Fragment>
            );
        }
      })}
    </>
  );
}
