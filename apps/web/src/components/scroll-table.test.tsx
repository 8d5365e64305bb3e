import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider, Table } from '@mantine/core';
import { ScrollContainer } from './scroll-table';

/** Elements measure as `width` wide inside a `visible`-wide box (jsdom lays nothing out). */
function layOut(width: number, visible: number) {
  const scroll = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(width);
  const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(visible);
  return () => {
    scroll.mockRestore();
    client.mockRestore();
  };
}

const renderTable = () =>
  render(
    <MantineProvider env="test">
      <ScrollContainer minWidth={560} label="Intellectual functioning">
        <Table aria-label="Intellectual functioning">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>FSIQ</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollContainer>
    </MantineProvider>,
  );

describe('ScrollContainer', () => {
  it('makes a plain table that scrolls sideways (the donor page on a phone) a named region keyboards reach', () => {
    const restore = layOut(560, 350);
    renderTable();
    restore();
    const region = screen.getByRole('region', { name: 'Intellectual functioning' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('adds no tab stop to a table that fits', () => {
    const restore = layOut(560, 900);
    renderTable();
    restore();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
