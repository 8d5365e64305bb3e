import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconArrowRight, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { LIMITS, type RequestDto } from '@rrp/domain';
import { openDisplayModal, openErrorModal } from '@/components/modals';
import type { ListState } from '@/components/data-table';
import { apiFetch, ApiError, type ListPage } from '@/lib/api-client';

/**
 * What the two review-cycle dashboards share (staff §2.3, §2.7) — the Research Match review
 * centre and the Autism BrainNet dashboard: tabs with their counts, each tab a server-paged slice
 * of the request list, and the bulk move that closes review of the chosen requests.
 */

/** The dashboard's way to its cycle's Begin Review screen. */
export function BeginReviewButton({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlayerPlay size={16} aria-hidden />}>
      Begin Review
    </Button>
  );
}

/** The tabs, each with its count, the chosen one kept in the address (`?tab=`). */
export function CountedTabs<Tab extends { key: string; label: string }>({
  tabs,
  count,
  noun,
  panel,
}: {
  tabs: readonly Tab[];
  count: (tab: Tab) => number;
  /** What the counts count, for screen readers: '3 applications'. */
  noun: string;
  panel: (tab: Tab) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0]!;
  return (
    <Tabs
      value={current.key}
      onChange={(key) => key && setParams({ tab: key }, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.key}
            value={tab.key}
            rightSection={
              <Badge size="sm" variant="filled" color="blue.9" aria-label={`${count(tab)} ${noun}`}>
                {count(tab)}
              </Badge>
            }
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.key} value={tab.key} pt="md">
          {panel(tab)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** One tab's page of the request list (`GET request/` with the tab's filters), newest first. */
export function useTabRequests<Row extends RequestDto>(
  key: readonly unknown[],
  filters: Record<string, string | number>,
) {
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: LIMITS.table.pageSize,
    ordering: '-submission_date',
  });
  const list = useQuery({
    queryKey: ['requests', ...key, filters, state],
    queryFn: () =>
      apiFetch<ListPage<Row>>('request/', {
        query: {
          ...filters,
          limit: state.pageSize,
          offset: (state.page - 1) * state.pageSize,
          ordering: state.ordering,
          expand: 'institution',
        },
      }),
    placeholderData: keepPreviousData,
  });
  return { state, setState, list };
}

/**
 * The chosen requests and their move out of review: on success the choice empties and the answer's
 * title and text show in a dialog; a refusal shows the server's message.
 */
export function useBulkMove<Row extends RequestDto, Result>({
  move,
  pending,
  answer,
  refusedTitle,
  onMoved,
}: {
  move: (ids: number[]) => Promise<Result>;
  /** The move is on its way. */
  pending: boolean;
  answer: (result: Result) => { title: string; detail: string };
  refusedTitle: string;
  onMoved: () => void;
}) {
  const [selected, setSelected] = useState<Row[]>([]);
  const run = () =>
    move(selected.map((request) => request.id)).then(
      (result) => {
        setSelected([]);
        onMoved();
        const { title, detail } = answer(result);
        openDisplayModal({ title, children: <Text size="sm">{detail}</Text> });
      },
      (failure: unknown) =>
        openErrorModal({
          title: refusedTitle,
          children:
            failure instanceof ApiError ? (failure.fieldErrors.requests ?? failure.summary) : String(failure),
        }),
    );
  return {
    /** The move's button: disabled until a request is chosen. */
    button: { disabled: selected.length === 0, loading: pending, onClick: () => void run() },
    selection: {
      selected,
      onChange: setSelected,
      checkboxLabel: (request: Row) => `Select ${request.portal_request_id}`,
    },
  };
}

/** A tab's heading, with the bulk move's button and what it does when the tab has one. */
export function TabHeading({
  title,
  move,
}: {
  title: string;
  move?: { label: string; help: string } & ReturnType<typeof useBulkMove>['button'];
}) {
  return (
    <>
      <Group justify="space-between">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {move && (
          <Button
            onClick={move.onClick}
            disabled={move.disabled}
            loading={move.loading}
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            {move.label}
          </Button>
        )}
      </Group>
      {move && (
        <Text size="sm" c="gray.7">
          {move.help}
        </Text>
      )}
    </>
  );
}
