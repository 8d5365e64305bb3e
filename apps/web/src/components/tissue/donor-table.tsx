import type { DonorDto } from '@rrp/domain';
import { ServerTable, type ListState } from '@/components/data-table';
import { useDonorPage, type DonorQuery, type DonorSet } from './api';
import { donorTableColumns } from './columns';

/**
 * A server-paged table of donors (one set, the caller's filters and chosen columns), with
 * checkboxes when rows can be chosen: the server says which donors the caller may select.
 */
export function DonorTable({
  set,
  query,
  state,
  onStateChange,
  columns,
  selection,
  label,
  emptyText = 'No donors match these filters.',
}: {
  set: DonorSet;
  query: DonorQuery;
  state: ListState;
  onStateChange: (state: ListState) => void;
  columns: string[];
  selection?: { selected: DonorDto[]; onChange: (donors: DonorDto[]) => void };
  label: string;
  emptyText?: string;
}) {
  const page = useDonorPage(set, {
    ...query,
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering: state.ordering,
  });
  return (
    <ServerTable<DonorDto>
      label={label}
      records={page.data?.results ?? []}
      total={page.data?.count ?? 0}
      loading={page.isFetching}
      state={state}
      onChange={onStateChange}
      emptyText={emptyText}
      columns={donorTableColumns(columns)}
      selection={
        selection && {
          selected: selection.selected,
          onChange: selection.onChange,
          isSelectable: (donor) => donor.selectable,
          checkboxLabel: (donor) =>
            donor.selectable
              ? `Select donor ${donor.donor_hash}`
              : `Donor ${donor.donor_hash} cannot be selected: ${donor.confirmation_status}`,
        }
      }
    />
  );
}
