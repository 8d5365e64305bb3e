import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ResearchTeamMemberDto } from '@rrp/domain';
import type { NewMemberRow } from '../team-members';
import { TeamStep } from './team-step';

const pi = {
  id: 7,
  project_id: 3,
  user_id: 11,
  email: 'pi@example.org',
  first_name: 'Pat',
  last_name: 'Investigator',
  display_name: 'Pat Investigator',
  user_role: 1,
  user_role_name: 'Principal Investigator',
  is_pi: true,
  institution: null,
  globus_username: null,
  active: true,
  removal_date: null,
} as unknown as ResearchTeamMemberDto;

const changes = vi.fn<(rows: NewMemberRow[]) => void>();

function Harness({ onContinue, serverErrors = [] }: { onContinue: () => void; serverErrors?: string[] }) {
  const [rows, setRows] = useState<NewMemberRow[]>([]);
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <TeamStep
          members={[pi]}
          loading={false}
          error={null}
          access={{}}
          onChange={() => {}}
          newRows={rows}
          onNewRowsChange={(next) => {
            changes(next);
            setRows(next);
          }}
          serverErrors={serverErrors}
          saving={false}
          onContinue={onContinue}
          preferredInstitutions={[4]}
        />
      </QueryClientProvider>
    </MantineProvider>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const institutions = [
  { id: 3, name: 'Example University' },
  { id: 4, name: 'Simons Institute' },
];

describe('TeamStep new members', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/institution/')
          ? new Response(JSON.stringify({ count: 2, results: institutions }), { status: 200 })
          : new Response('{}', { status: 404 }),
      ),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('offers the PI institution first, then approved ones, and sends the choice', async () => {
    render(<Harness onContinue={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add team member' }));
    fireEvent.click(screen.getAllByLabelText('Institution, new member 1')[0]!);
    const own = await screen.findByRole('option', { name: 'Simons Institute', hidden: true });
    const other = screen.getByRole('option', { name: 'Example University', hidden: true });
    const notListed = screen.getByRole('option', { name: 'Institution is not listed', hidden: true });
    // 'Institution is not listed' first, then 'Your institution', then the other approved ones.
    expect(notListed.compareDocumentPosition(own) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(own.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Your institution')).toBeInTheDocument();
    expect(screen.getByText('Approved institutions')).toBeInTheDocument();
    fireEvent.click(other);
    expect(changes.mock.lastCall?.[0][0]?.institution).toBe('3');
  });

  it('blocks Continue while a new row is invalid', async () => {
    const onContinue = vi.fn();
    render(<Harness onContinue={onContinue} />);
    const cont = screen.getByRole('button', { name: 'Continue' });
    expect(cont).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Add team member' }));
    expect(cont).toBeDisabled();
    type('First name, new member 1', 'Ada');
    type('Last name, new member 1', 'Lovelace');
    type('Email, new member 1', 'ada@');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    type('Email, new member 1', 'pi@example.org');
    expect(screen.getByText('This person is already on the team.')).toBeInTheDocument();
    type('Email, new member 1', 'ada@example.org');
    type('Globus username, new member 1', 'not valid!');
    expect(screen.getByText('Not a valid Globus Id or Username')).toBeInTheDocument();
    type('Globus username, new member 1', '');
    expect(cont).toBeDisabled(); // no role yet
    fireEvent.click(screen.getAllByLabelText('Role, new member 1')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Co-Investigator', hidden: true }));
    expect(cont).toBeEnabled();
    fireEvent.click(cont);
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('removes a new row and lists server errors', () => {
    render(<Harness onContinue={() => {}} serverErrors={['team row 2 email: Taken.']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add team member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove new member 1' }));
    expect(screen.queryByLabelText('First name, new member 1')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('team row 2 email: Taken.');
  });

  it('shows a member without an account as getting access once they register', () => {
    const pending = {
      ...pi,
      id: 8,
      user_id: null,
      email: 'new@example.org',
      display_name: 'Nia New',
      user_role: 3,
      user_role_name: 'Collaborator',
      is_pi: false,
    } as unknown as ResearchTeamMemberDto;
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <TeamStep
            members={[pi, pending]}
            loading={false}
            error={null}
            access={{ 8: true }}
            onChange={() => {}}
            newRows={[]}
            onNewRowsChange={() => {}}
            serverErrors={[]}
            saving={false}
            onContinue={() => {}}
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const toggle = screen.getByRole('switch', { name: 'Access for Nia New' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('No portal account yet: access once they register');
  });
});
