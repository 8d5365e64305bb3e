import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';

/**
 * The details toggle of a request table whose rows open (the Resource Requests centre, the
 * Research Match applications): a button per row, named by its request, that opens or closes the
 * row without following the row's own click.
 */
export function expandColumn<T extends { id: number; portal_request_id: string }>(
  expanded: readonly number[],
  toggle: (id: number) => void,
): DataTableColumn<T> {
  return {
    accessor: 'expand',
    title: <VisuallyHidden>Details</VisuallyHidden>,
    width: 48,
    render: (request) => {
      const open = expanded.includes(request.id);
      return (
        <ActionIcon
          variant="subtle"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} details of ${request.portal_request_id}`}
          onClick={(event) => {
            event.stopPropagation();
            toggle(request.id);
          }}
        >
          <IconChevronRight
            size={16}
            aria-hidden
            style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}
          />
        </ActionIcon>
      );
    },
  };
}
