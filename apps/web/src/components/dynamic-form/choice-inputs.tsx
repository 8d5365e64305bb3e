import { Checkbox, MultiSelect, Select, Stack, TagsInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { flattenOptions, type FieldOption, type Scalar, type ValueField } from '@rrp/domain/forms';
import { apiFetch } from '@/lib/api-client';
import { typed } from './field-values';

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
export function CheckTree({
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

export function ComboboxInput({
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
