import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { InstitutionMultiSelect, institutionSearchTerm } from './institution-multi-select';

const ALL = [
  { id: 1, name: 'Bayview Health Institute', ein: '11-1111111', associated: 'Bayview' },
  { id: 2, name: 'Demo University', ein: '22-2222222', associated: 'DU' },
  { id: 3, name: 'Harbor University', ein: '12-3456789', associated: 'HU' },
];

/** The institution list API as the picker reads it: name, other names and EIN. */
function stubApi() {
  const fetch = vi.fn(async (url: string) => {
    const query = new URL(String(url), 'http://x').searchParams;
    const search = query.get('name_or_ein__icontains')?.toLowerCase();
    const ids = query.get('id__in')?.split(',');
    const rows = ALL.filter((row) =>
      ids
        ? ids.includes(String(row.id))
        : !search || [row.name, row.ein, row.associated].some((text) => text.toLowerCase().includes(search)),
    );
    return new Response(JSON.stringify({ count: rows.length, results: rows }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPicker(onChange = vi.fn()) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <InstitutionMultiSelect label="Institutions" value={[]} onChange={onChange} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onChange;
}

const option = (name: string) => screen.queryByRole('option', { name });

describe('the institution picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches from the second character', () => {
    expect(institutionSearchTerm(' D ')).toBe('');
    expect(institutionSearchTerm(' De ')).toBe('De');
  });

  it('offers only what the server found for what is typed, never the list shown before', async () => {
    const fetch = stubApi();
    const onChange = renderPicker();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Institutions' });
    await user.click(box);
    expect(await screen.findByRole('option', { name: 'Bayview Health Institute' })).toBeInTheDocument();

    // While the search waits for its pause and the server, nothing is there for Enter to take.
    await user.type(box, 'Demo');
    expect(option('Bayview Health Institute')).toBeNull();
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();

    await waitFor(() => expect(option('Demo University')).toBeInTheDocument());
    expect(option('Bayview Health Institute')).toBeNull();
    expect(option('Harbor University')).toBeNull();
    const searched = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams);
    expect(searched.some((query) => query.get('name_or_ein__icontains') === 'Demo')).toBe(true);

    // By EIN and by another name, which the labels do not show.
    await user.clear(box);
    await user.type(box, '12-3456789');
    await waitFor(() => expect(option('Harbor University')).toBeInTheDocument());
    expect(option('Demo University')).toBeNull();
    await user.clear(box);
    await user.type(box, 'DU');
    await waitFor(() => expect(option('Demo University')).toBeInTheDocument());
    await user.click(option('Demo University')!);
    expect(onChange).toHaveBeenCalledWith(['2']);
  }, 20_000);

  it('filters the first page by name on one character, without asking the server', async () => {
    const fetch = stubApi();
    renderPicker();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Institutions' });
    await user.click(box);
    await screen.findByRole('option', { name: 'Demo University' });
    await user.type(box, 'h');
    expect(option('Harbor University')).toBeInTheDocument();
    expect(option('Bayview Health Institute')).toBeInTheDocument();
    expect(option('Demo University')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
