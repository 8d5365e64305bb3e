import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { HistoryEntryDto, HistoryFieldDto } from '@rrp/domain';
import { AuditTrail } from './audit-trail';
import { compareVersions, entryVerb } from './compare-versions';

const field = (
  key: string,
  label: string,
  value: HistoryFieldDto['value'],
  section: string | null = null,
) => ({
  key,
  label,
  section,
  value,
  long: false,
});
const text = (value: string) => ({ kind: 'text' as const, text: value });

const entry = (version: number, over: Partial<HistoryEntryDto>): HistoryEntryDto => ({
  id: version,
  model: 'request',
  object_id: '4',
  version,
  action: 'update',
  changed_fields: [],
  data: {},
  modifier: { id: 1, full_name: 'Pat Investigator', email: 'pat@example.test' },
  modified: '2026-11-24T15:05:00Z',
  fields: [],
  changed: [],
  ...over,
});

describe('compareVersions', () => {
  it('lists the fields whose values differ, in the later version’s order, then those dropped', () => {
    const before = [
      field('status', 'Status', [text('Created')]),
      field('answers.city', 'City', [text('A')], 'Plasma'),
    ];
    const after = [field('status', 'Status', [text('Submitted')]), field('team', 'Team', [])];
    expect(compareVersions(before, after).map((change) => change.label)).toEqual(['Status', 'City']);
    // A field of the object's own that only the earlier version had still comes before any section.
    const withSection = [field('answers.city', 'City', [text('B')], 'Plasma')];
    expect(compareVersions(before, withSection).map((change) => change.label)).toEqual(['Status', 'City']);
    expect(compareVersions(after, after)).toEqual([]);
  });

  it('words the timeline as researcher §2 does', () => {
    expect(entryVerb({ action: 'create' }, true)).toBe('Created by');
    expect(entryVerb({ action: 'update' }, false)).toBe('Modified by');
    expect(entryVerb({ action: 'delete' }, false)).toBe('Deleted by');
  });
});

describe('AuditTrail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads labelled fields, names with links, dates in the one format and — for nothing', async () => {
    const created = entry(1, {
      action: 'create',
      fields: [
        field('status', 'Status', [text('Created')]),
        field('project', 'Project', [{ kind: 'link', text: 'Sleep study', href: '/project/2' }]),
        field('submitted', 'Date submitted', []),
      ],
    });
    const submitted = entry(2, {
      changed: ['Status', 'Date submitted'],
      fields: [
        field('status', 'Status', [text('Submitted')]),
        field('project', 'Project', [{ kind: 'link', text: 'Sleep study', href: '/project/2' }]),
        field('submitted', 'Date submitted', [{ kind: 'date', value: '2026-11-24', time: false }]),
      ],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ count: 2, next: null, previous: null, results: [submitted, created] }),
          ),
      ),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <AuditTrail model="request" objectId={4} modifierSuffix={() => ' (PI)'} />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Created by Pat Investigator (PI)')).toBeInTheDocument();
    expect(screen.getByText('Modified by Pat Investigator (PI)')).toBeInTheDocument();
    expect(screen.getByText('Changed: Status, Date submitted')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Version comparison table' });
    const status = within(table).getByRole('rowheader', { name: 'Status' }).closest('tr')!;
    expect(within(status).getByText('Created')).toBeInTheDocument();
    expect(within(status).getByText('Submitted')).toBeInTheDocument();
    const date = within(table).getByRole('rowheader', { name: 'Date submitted' }).closest('tr')!;
    expect(within(date).getByText('—')).toBeInTheDocument();
    expect(within(date).getByText('Nov 24, 2026')).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: 'Project' })).toBeNull();
  });
});
