import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { pageRangeText, ServerTable } from './data-table';

describe('pageRangeText', () => {
  it('gives an exact total as counted', () => {
    expect(pageRangeText({ from: 11, to: 20, totalRecords: 9_876 })).toBe('11–20 of 9,876');
    expect(pageRangeText({ from: 1, to: 10, totalRecords: 10_000 })).toBe('1–10 of 10,000');
  });

  it('says "about" for a total past the exact count, which is an estimate', () => {
    expect(pageRangeText({ from: 1, to: 10, totalRecords: 201_347 })).toBe('1–10 of about 200,000');
    expect(pageRangeText({ from: 1, to: 10, totalRecords: 12_294 })).toBe('1–10 of about 12,000');
  });
});

describe('ServerTable', () => {
  const renderTable = () =>
    render(
      <MantineProvider env="test">
        <ServerTable<{ id: number; name: string }>
          label="Donors"
          records={[{ id: 1, name: 'ABN-04100' }]}
          total={1}
          columns={[{ accessor: 'name', title: 'Donor' }]}
          state={{ page: 1, pageSize: 10, ordering: 'name' }}
          onChange={() => undefined}
          loading={false}
          emptyText="No donors."
        />
      </MantineProvider>,
    );

  /** Elements measure as `width` wide inside a `visible`-wide box (jsdom lays nothing out). */
  function layOut(width: number, visible: number) {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(width);
    const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(visible);
    return () => {
      scroll.mockRestore();
      client.mockRestore();
    };
  }

  it('makes a table that scrolls sideways a named region keyboards can reach', () => {
    const restore = layOut(900, 360);
    renderTable();
    restore();
    const region = screen.getByRole('region', { name: 'Donors' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Donors' })).toBeInTheDocument();
  });

  it('adds no tab stop to a table that fits', () => {
    const restore = layOut(360, 360);
    renderTable();
    restore();
    expect(screen.queryByRole('region', { name: 'Donors' })).toBeNull();
  });
});
