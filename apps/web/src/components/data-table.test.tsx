import { describe, expect, it } from 'vitest';
import { layOut } from '@/test/lay-out';
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
