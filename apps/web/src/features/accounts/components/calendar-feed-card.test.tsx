import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '@/test/render-in-app';
import { CalendarFeedCard } from './calendar-feed-card';

const session = vi.hoisted(() => ({ impersonating: false }));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const address = (n: number) => `https://portal.example.org/api/calendar/${String(n).repeat(43)}.ics`;

/** A feed API that starts off; POST gives the next address, DELETE turns it off. */
function stubFeedApi() {
  let url: string | null = null;
  let made = 0;
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') url = address(++made);
    if (init?.method === 'DELETE') {
      url = null;
      return new Response(null, { status: 204 });
    }
    return new Response(JSON.stringify({ url, created_at: url && '2026-11-29T13:00:00Z' }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the calendar feed card of My Profile (issue 33)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.impersonating = false;
  });

  it('turns the feed on, shows its address to copy, regenerates it and turns it off, each confirmed', async () => {
    const fetch = stubFeedApi();
    renderInApp(<CalendarFeedCard />, { modals: true });
    const card = await screen.findByRole('region', { name: 'Calendar feed' });

    await userEvent.click(await within(card).findByRole('button', { name: 'Turn on' }));
    const field = await within(card).findByRole('textbox', { name: 'Calendar address' });
    expect(field).toHaveValue(address(1));
    expect(field).toHaveAttribute('readonly');
    expect(within(card).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Regenerate' }));
    const confirmRegenerate = await screen.findByRole('dialog', { name: 'Regenerate the calendar address?' });
    expect(confirmRegenerate).toHaveTextContent('The current address stops working at once.');
    await userEvent.click(within(confirmRegenerate).getByRole('button', { name: 'Regenerate' }));
    expect(await within(card).findByDisplayValue(address(2))).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    const confirmOff = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' });
    await userEvent.click(within(confirmOff).getByRole('button', { name: 'Turn off' }));
    expect(await within(card).findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).toBeNull();

    const methods = fetch.mock.calls.map(([, init]) => init?.method ?? 'GET');
    expect(methods.filter((method) => method !== 'GET')).toEqual(['POST', 'POST', 'DELETE']);
    for (const [url] of fetch.mock.calls) expect(String(url)).toMatch(/\/api\/user\/me\/calendar-feed\/$/);
  });

  it('cancelling the regeneration keeps the address', async () => {
    const fetch = stubFeedApi();
    renderInApp(<CalendarFeedCard />, { modals: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Calendar address' })).toHaveValue(address(1));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('tells staff acting as the user that only the owner sees it, and asks the API nothing', () => {
    session.impersonating = true;
    const fetch = stubFeedApi();
    renderInApp(<CalendarFeedCard />);
    expect(
      screen.getByText("Only the account's owner can see or change their calendar feed."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
