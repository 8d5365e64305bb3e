import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionUserDto } from '@rrp/domain';
import { PrimaryRoleModal } from './primary-role-modal';

const user: SessionUserDto = {
  id: 7,
  username: 'pat@example.test',
  email: 'pat@example.test',
  emails: ['pat@example.test'],
  first_name: 'Pat',
  last_name: 'Doe',
  full_name: 'Pat Doe',
  phone_number: null,
  primary_role: null,
  roles: ['portal_admin', 'superuser'],
  groups: ['portal_admin', 'superuser'],
  institutionId: null,
  userInstitutionId: null,
  abn_approved: false,
  suspended_request: null,
};

function renderModal() {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <ModalsProvider>
          <PrimaryRoleModal user={user} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('Primary Role Update', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Make Primary disabled until a role is chosen, then saves it', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 7 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderModal();
    const button = await screen.findByRole('button', { name: 'Make Primary' });
    expect(button).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Available Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Superuser' }));
    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/7/');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ primary_role: 'superuser' });
  });

  it('says “Error setting primary” when saving fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ primary_role: ['You do not hold that role.'] }), { status: 400 }),
      ),
    );
    renderModal();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Available Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Superuser' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make Primary' }));
    expect(await screen.findByText('Error setting primary')).toBeInTheDocument();
  });
});
