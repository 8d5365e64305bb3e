import { describe, expect, it } from 'vitest';
import { layOut } from '@/test/lay-out';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider, Table } from '@mantine/core';
import { ScrollContainer } from './scroll-table';

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
