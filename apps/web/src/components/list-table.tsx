import { useNavigate } from 'react-router';
import { ServerTable } from './data-table';

type ServerTableProps<T extends { id: number }> = Parameters<typeof ServerTable<T>>[0];

/**
 * A list screen's table over one page of its `useQuery`: the page's rows and count, loading while
 * it fetches, and each row opening the page `rowPath` names.
 */
export function ListTable<T extends { id: number }>({
  list,
  rowPath,
  emptyText = 'No results matching search.',
  ...table
}: Omit<ServerTableProps<T>, 'records' | 'total' | 'loading' | 'onRowClick' | 'emptyText'> & {
  list: { data?: { count: number; results: T[] }; isFetching: boolean };
  rowPath: (record: T) => string;
  emptyText?: string;
}) {
  const navigate = useNavigate();
  return (
    <ServerTable<T>
      {...table}
      records={list.data?.results ?? []}
      total={list.data?.count ?? 0}
      loading={list.isFetching}
      emptyText={emptyText}
      onRowClick={(record) => navigate(rowPath(record))}
    />
  );
}
