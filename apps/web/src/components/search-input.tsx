import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of the lists (researcher §2 "Lists"): a labelled input with a clear button. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  w = 320,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  w?: number;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={14} aria-hidden />}
      rightSection={
        value ? <CloseButton aria-label="Clear search" size="sm" onClick={() => onChange('')} /> : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={w}
    />
  );
}
