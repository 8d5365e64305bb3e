import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { emptyTeamRow, type TeamRow } from '../rules';
import { TeamEditor } from './team-editor';

const pi: TeamRow = {
  ...emptyTeamRow(),
  key: 'pi',
  user_id: 1,
  email: 'pi@example.edu',
  first_name: 'Pat',
  last_name: 'Investigator',
  user_role: '1',
  isPi: true,
  isNew: false,
};
const removed: TeamRow = {
  ...emptyTeamRow(),
  key: 'gone',
  id: 4,
  email: 'gone@example.edu',
  first_name: 'Gale',
  last_name: 'Gone',
  user_role: '3',
  isNew: false,
  removal_date: '2026-02-01T00:00:00Z',
  verified: false,
  warnings: ['no_joinder'],
};

function Harness({ initial, serverErrors }: { initial: TeamRow[]; serverErrors?: string[] }) {
  const [rows, setRows] = useState(initial);
  return <TeamEditor rows={rows} onChange={setRows} errors={{}} serverErrors={serverErrors} />;
}

function renderEditor(initial: TeamRow[], serverErrors?: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ count: 1, results: [{ id: 3, name: 'Example University' }] }), {
          status: 200,
        }),
    ),
  );
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <Harness initial={initial} serverErrors={serverErrors} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('TeamEditor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fixes the PI row: always has access, cannot be removed', () => {
    renderEditor([pi]);
    const row = screen.getByText('Pat').closest('tr')!;
    expect(within(row).getByText('Always')).toBeInTheDocument();
    expect(within(row).queryByRole('switch')).toBeNull();
    expect(within(row).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('adds rows to type in and removes them again', async () => {
    renderEditor([pi]);
    await userEvent.click(screen.getByRole('button', { name: 'Add Team Member' }));
    const email = screen.getByRole('textbox', { name: 'Email, team member 2' });
    await userEvent.type(email, 'new@example.edu');
    expect(email).toHaveValue('new@example.edu');
    expect(screen.getByRole('switch', { name: 'Access for team member 2' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Remove team member 2' }));
    expect(screen.queryByRole('textbox', { name: 'Email, team member 2' })).toBeNull();
    // Typing through user-event is slow on a busy machine.
  }, 20_000);

  it('shows removed members tinted, without access, and their warnings', () => {
    renderEditor([pi, removed]);
    const row = screen.getByText('Gale').closest('tr')!;
    expect(row).toHaveAttribute('data-removed');
    expect(within(row).getByText('Removed')).toBeInTheDocument();
    expect(within(row).getByRole('switch')).not.toBeChecked();
    expect(within(row).getByRole('button', { name: 'Warnings: Joinder not signed' })).toBeInTheDocument();
  });

  it('lists save errors under the table', () => {
    renderEditor([pi], ['row 2 email: Please enter a valid email address.']);
    expect(screen.getByRole('alert')).toHaveTextContent('row 2 email: Please enter a valid email address.');
  });
});
