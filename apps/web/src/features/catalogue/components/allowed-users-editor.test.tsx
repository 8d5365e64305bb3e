import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AllowedUsersEditor } from './allowed-users-editor';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let writes: { url: string; body: unknown }[] = [];
let answer: (body: { allowed_users: string[] }) => Response;

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

beforeEach(() => {
  writes = [];
  answer = (body) => json(200, { id: 5, allowed_users: body.allowed_users });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      writes.push({ url, body });
      return answer(body);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderEditor(initial: string[] = ['ada@uni.edu']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <AllowedUsersEditor kind="sample-type" id={5} name="iPSC" limited initial={initial} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('AllowedUsersEditor', () => {
  it('submits the whole list once something changed', async () => {
    renderEditor();
    const submit = screen.getByRole('button', { name: 'Submit Access Changes' });
    expect(submit).toBeDisabled();
    await userEvent.type(
      screen.getByLabelText('Allowed users of iPSC', { selector: 'input' }),
      'grace@uni.edu,',
    );
    await userEvent.click(submit);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: '/api/sample-type/5/',
      body: { allowed_users: ['ada@uni.edu', 'grace@uni.edu'] },
    });
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('refuses the whole list when one address is not valid, and shows the server refusal', async () => {
    renderEditor([]);
    // Pasted, as a list of addresses usually arrives: typed key by key, the two lists took this
    // test past its time limit on a busy machine.
    const input = screen.getByLabelText('Allowed users of iPSC', { selector: 'input' });
    await userEvent.click(input);
    await userEvent.paste('not-an-email,');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Access Changes' }));
    expect(await screen.findByText('These are not valid e-mail addresses: not-an-email')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    answer = () => json(400, { allowed_users: ['No account uses these e-mail addresses: nobody@uni.edu'] });
    await userEvent.click(input);
    await userEvent.paste('nobody@uni.edu,');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Access Changes' }));
    expect(
      await screen.findByText('No account uses these e-mail addresses: nobody@uni.edu'),
    ).toBeInTheDocument();
  });
});
