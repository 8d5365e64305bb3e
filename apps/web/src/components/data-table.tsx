import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSelectionProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { Text } from '@mantine/core';
import { LIMITS } from '@rrp/domain';
import { scrollRegionProps, useScrolls } from './scroll-table';

export interface ListState {
  page: number;
  pageSize: number;
  /** `ordering` as the API takes it: a field, `-` first for descending. */
  ordering: string;
}

const PAGE_SIZES = [10, 15, 20, 25, 50];

const exactly = new Intl.NumberFormat('en-US');
const roughly = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });

/**
 * The pager's '1–10 of 42'. Past `LIMITS.list.exactCount` the API's total is the database's
 * estimate (decision 290), so it reads 'of about 200,000'.
 */
export function pageRangeText({
  from,
  to,
  totalRecords,
}: {
  from: number;
  to: number;
  totalRecords: number;
}) {
  return totalRecords > LIMITS.list.exactCount
    ? `${from}–${to} of about ${roughly.format(totalRecords)}`
    : `${from}–${to} of ${exactly.format(totalRecords)}`;
}

/**
 * A server-driven table (foundation §9 "Tables"): pages of 10 by default, in steps of 5, sorted by the
 * API's `ordering`; the pager is hidden when everything fits on one page of 10.
 */
export function ServerTable<T extends { id: number }>({
  records,
  total,
  columns,
  state,
  onChange,
  loading,
  emptyText,
  onRowClick,
  rowClassName,
  rowExpansion,
  selection,
  idAccessor,
  label,
}: {
  records: T[];
  total: number;
  columns: DataTableColumn<T>[];
  state: ListState;
  onChange: (state: ListState) => void;
  loading: boolean;
  emptyText: string;
  onRowClick?: (record: T) => void;
  /** A class for some rows (e.g. highlighted ones). */
  rowClassName?: (record: T) => string | undefined;
  /** Rows that open to show more (e.g. the command centre's request details). */
  rowExpansion?: DataTableRowExpansionProps<T>;
  /**
   * Rows chosen with checkboxes for a bulk action, kept across pages by the caller (the review
   * centre's move to the meeting, donors for a collection).
   */
  selection?: {
    selected: T[];
    onChange: (records: T[]) => void;
    isSelectable?: (record: T) => boolean;
    /** The accessible name of a row's checkbox. */
    checkboxLabel: (record: T) => string;
  };
  /** The key rows are told apart by, when it is not `id`. */
  idAccessor?: keyof T & string;
  label: string;
}) {
  const descending = state.ordering.startsWith('-');
  const sortStatus: DataTableSortStatus<T> = {
    columnAccessor: state.ordering.replace(/^-/, ''),
    direction: descending ? 'desc' : 'asc',
  };
  const paged = total > LIMITS.table.pageSize;
  const [viewport, scrolls] = useScrolls();
  const common = {
    'aria-label': label,
    // A table that scrolls is a region keyboards can reach and scroll with the arrow keys, even
    // when none of its cells holds a link or a checkbox (WCAG 2.1.1).
    scrollViewportRef: viewport,
    scrollAreaProps: { viewportProps: scrollRegionProps(scrolls, label) },
    withTableBorder: true,
    borderRadius: 'sm',
    striped: true,
    highlightOnHover: true,
    minHeight: records.length ? undefined : 160,
    records,
    columns,
    fetching: loading,
    // The library's dimmed empty text fails WCAG AA contrast; the same text, darker.
    emptyState: (
      <Text size="sm" c="gray.7">
        {emptyText}
      </Text>
    ),
    sortStatus,
    onSortStatusChange: (status: DataTableSortStatus<T>) =>
      onChange({
        ...state,
        page: 1,
        ordering: `${status.direction === 'desc' ? '-' : ''}${String(status.columnAccessor)}`,
      }),
    onRowClick: onRowClick ? ({ record }: { record: T }) => onRowClick(record) : undefined,
    rowClassName: rowClassName ? (record: T) => rowClassName(record) : undefined,
    rowExpansion,
    ...(idAccessor ? { idAccessor } : {}),
  } as const;
  const selectionProps: DataTableSelectionProps<T> = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        isRecordSelectable: selection.isSelectable,
        getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': selection.checkboxLabel(record) }),
        allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all rows on this page' },
      }
    : {};
  if (!paged) return <DataTable<T> {...common} {...selectionProps} />;
  return (
    <DataTable<T>
      {...common}
      {...selectionProps}
      totalRecords={total}
      recordsPerPage={state.pageSize}
      paginationText={pageRangeText}
      page={state.page}
      onPageChange={(page) => onChange({ ...state, page })}
      recordsPerPageOptions={PAGE_SIZES}
      onRecordsPerPageChange={(pageSize) => onChange({ ...state, page: 1, pageSize })}
      paginationSize="sm"
    />
  );
}
