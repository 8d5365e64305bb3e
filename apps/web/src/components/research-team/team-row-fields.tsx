import { useMemo, type CSSProperties } from 'react';
import { Select, Table, TextInput } from '@mantine/core';
import { GLOBUS_USERNAME_MAX, LIMITS, type InstitutionDto } from '@rrp/domain';
import { useApprovedInstitutions } from '@/lib/approved-institutions';
import { MEMBER_ROLE_OPTIONS, NOT_LISTED, NOT_LISTED_LABEL, type TeamRow } from './team-rows';

/** Mantine's default error red is too light for WCAG AA on white: a darker one for these forms. */
export const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

type Option = { value: string; label: string };
type InstitutionOptions = (Option | { group: string; items: Option[] })[];

/**
 * The institution choices of a team row: 'Institution is not listed', then the institutions
 * named in `preferred` (the researcher's own) under 'Your institution', then every other approved
 * institution.
 */
export function institutionOptions(
  institutions: readonly Pick<InstitutionDto, 'id' | 'name'>[],
  preferred: readonly number[] = [],
): InstitutionOptions {
  const toOption = (institution: Pick<InstitutionDto, 'id' | 'name'>) => ({
    value: String(institution.id),
    label: institution.name,
  });
  const own = institutions.filter((institution) => preferred.includes(institution.id)).map(toOption);
  const others = institutions.filter((institution) => !preferred.includes(institution.id)).map(toOption);
  return [
    { value: NOT_LISTED, label: NOT_LISTED_LABEL },
    ...(own.length ? [{ group: 'Your institution', items: own }] : []),
    ...(others.length ? [{ group: 'Approved institutions', items: others }] : []),
  ];
}

export function useInstitutionOptions(preferred: readonly number[] = []) {
  const institutions = useApprovedInstitutions();
  const key = preferred.join(',');
  // `preferred` is compared by value.
  const options = useMemo(
    () => institutionOptions(institutions.data?.results ?? [], key ? key.split(',').map(Number) : []),
    [institutions.data, key],
  );
  return { options, loading: institutions.isPending };
}

/** The label of a row's institution among the options ('—' when none is known). */
export function institutionLabel(options: InstitutionOptions, value: string | null): string {
  for (const option of options) {
    if ('group' in option) {
      const found = option.items.find((item) => item.value === value);
      if (found) return found.label;
    } else if (option.value === value) return option.label;
  }
  return '—';
}

interface FieldProps {
  row: TeamRow;
  errors: Record<string, string>;
  /** The accessible label of a field of this row, e.g. 'Email, new member 2'. */
  label: (field: string) => string;
  onChange: (patch: Partial<TeamRow>) => void;
  disabled?: boolean;
}

/** First name, last name and e-mail of a new row, as table cells. */
export function NewMemberNameCells({ row, errors, label, onChange, disabled }: FieldProps) {
  return (
    <>
      <Table.Td miw={140}>
        <TextInput
          aria-label={label('First name')}
          value={row.first_name}
          maxLength={LIMITS.field.name}
          onChange={(e) => onChange({ first_name: e.currentTarget.value })}
          error={errors.first_name}
          disabled={disabled}
        />
      </Table.Td>
      <Table.Td miw={140}>
        <TextInput
          aria-label={label('Last name')}
          value={row.last_name}
          maxLength={LIMITS.field.name}
          onChange={(e) => onChange({ last_name: e.currentTarget.value })}
          error={errors.last_name}
          disabled={disabled}
        />
      </Table.Td>
      <Table.Td miw={230}>
        <TextInput
          aria-label={label('Email')}
          type="email"
          value={row.email}
          maxLength={LIMITS.field.email}
          onChange={(e) => onChange({ email: e.currentTarget.value })}
          error={errors.email}
          disabled={disabled}
        />
      </Table.Td>
    </>
  );
}

/** A member's team role (every role but the PI's). */
export function RoleSelect({ row, errors, label, onChange, disabled }: FieldProps) {
  return (
    <Select
      aria-label={label('Role')}
      placeholder="Choose a role"
      data={MEMBER_ROLE_OPTIONS}
      value={row.user_role}
      onChange={(value) => onChange({ user_role: value })}
      error={errors.user_role}
      disabled={disabled}
      allowDeselect={false}
    />
  );
}

/** A member's institution: an approved institution, or 'Institution is not listed'. */
export function InstitutionSelect({
  row,
  errors,
  label,
  onChange,
  disabled,
  options,
}: FieldProps & { options: InstitutionOptions }) {
  return (
    <Select
      aria-label={label('Institution')}
      placeholder="Choose an institution"
      data={options}
      value={row.institution}
      onChange={(value) => onChange({ institution: value })}
      searchable
      limit={50}
      nothingFoundMessage="No approved institution matches"
      error={errors.institution}
      disabled={disabled}
    />
  );
}

/** A member's optional Globus username. */
export function GlobusInput({ row, errors, label, onChange, disabled }: FieldProps) {
  return (
    <TextInput
      aria-label={label('Globus username')}
      value={row.globus_username}
      maxLength={GLOBUS_USERNAME_MAX}
      onChange={(e) => onChange({ globus_username: e.currentTarget.value })}
      error={errors.globus_username}
      disabled={disabled}
    />
  );
}
