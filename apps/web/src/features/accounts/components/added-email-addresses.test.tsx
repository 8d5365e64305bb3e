import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AddedEmailAddresses } from './added-email-addresses';

function renderList(addresses: { email: string; verified: boolean }[]) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ detail: 'Verification email successfully sent' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <AddedEmailAddresses userId={5} addresses={addresses} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

describe('AddedEmailAddresses (decision 107)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks each address verified or not, and resends the link of an unverified one', async () => {
    const fetch = renderList([
      { email: 'lab@example.edu', verified: true },
      { email: 'home@example.org', verified: false },
    ]);
    const list = screen.getByRole('list', { name: 'Other email addresses and their verification' });
    const [lab, home] = within(list).getAllByRole('listitem');
    expect(lab).toHaveTextContent('lab@example.eduVerified');
    expect(within(lab!).queryByRole('button')).toBeNull();
    expect(home).toHaveTextContent('home@example.orgUnverified');

    await userEvent.click(
      within(home!).getByRole('button', { name: 'Resend verification to home@example.org' }),
    );
    expect(await screen.findByText('Verification email successfully sent')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/user\/5\/email-verification\/$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'home@example.org' });
  });

  it('shows nothing without further addresses', () => {
    renderList([]);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
