import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, act } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { apiFetch, setApiErrorHandler } from './api-client';
import { createQueryClient } from './query-client';

const read = { queryKey: ['refused'], queryFn: () => apiFetch('request/') };

function Content() {
  const { isError } = useQuery(read);
  return <p>{isError ? 'Refused' : 'Content'}</p>;
}

/** As the researcher home does: a placeholder until the read settles, then the panel reading it too. */
function Panels() {
  const { isPending } = useQuery(read);
  return isPending ? <p>Loading</p> : <Content />;
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the query client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a refused read once, however often the screen remounts on it (issue 30.2)', async () => {
    setApiErrorHandler(() => undefined);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ detail: 'Forbidden' }), { status: 403 }));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <Panels />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Refused')).toBeInTheDocument();
    await pause(300);
    expect(fetch).toHaveBeenCalledTimes(1);

    // Left and come back to: the failure is forgotten and asked once afresh.
    unmount();
    await pause(10);
    render(
      <QueryClientProvider client={client}>
        <Panels />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Refused')).toBeInTheDocument();
    await pause(300);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
