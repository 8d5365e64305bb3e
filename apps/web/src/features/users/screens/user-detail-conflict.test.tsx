import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import UserDetailScreen from './user-detail-screen';

const session = vi.hoisted(() => ({
  token: 't',
  loading: false,
  activeRole: 'portal_admin',
  user: { id: 1, roles: ['portal_admin'], institutionId: null },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const shown = {
  id: 9,
  email: 'robin@harbor.edu',
  pending_email: null,
  first_name: 'Robin',
  last_name: 'Reyes',
  full_name: 'Robin Reyes',
  display_name: 'Robin Reyes',
  title: 'Postdoc',
  orcid: null,
  groups: ['primary_researcher'],
  roles: ['primary_researcher'],
  verified: true,
  active: true,
  last_login: null,
  created: '2026-01-02T03:04:05.000Z',
  password_set: true,
  profile: { globus_username: null },
  additional_data: { user_type: null },
  user_institutions: [
    { id: 5, institution: 4, institution_name: 'Harbor University', removal_reason: null, is_primary: true },
  ],
  comments: null,
  permissions: ['read', 'update'],
};

const json = (status: number, body: unknown, etag?: string) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) },
  });

let current: typeof shown;
let patches: { ifMatch: string | null; body: Record<string, unknown> }[];

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

beforeEach(() => {
  current = { ...shown };
  let version = 1;
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://x').pathname;
      if (path !== '/api/user/9/') return json(200, { count: 0, results: [] });
      if (method === 'GET') return json(200, current, `"v${version}"`);
      const headers = init?.headers as Record<string, string>;
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      patches.push({ ifMatch: headers['if-match'] ?? null, body });
      if (patches.length === 1) {
        // Another administrator changed the title after this screen read the user.
        current = { ...current, title: 'Research Scientist' };
        version = 2;
        return json(
          412,
          {
            detail: 'The object was changed since you read it.',
            current,
            changed_by: { id: 3, display_name: 'Dana Admin' },
            changed_at: '2026-11-29T15:04:00.000Z',
            correlation_id: 'c-1',
          },
          '"v2"',
        );
      }
      current = { ...current, title: String(body.title) };
      return json(200, current, '"v3"');
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function saveOverTheirs() {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/user/9']}>
          <ModalsProvider>
            <Routes>
              <Route path="/user/:objectId" element={<UserDetailScreen />} />
            </Routes>
          </ModalsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await userEvent.clear(title);
  await userEvent.type(title, 'Assistant Professor');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'Someone else saved this first' });
}

describe('an administrator saving a user someone else changed meanwhile', () => {
  it('sends the version shown; the 412 opens the dialog with who changed what; Overwrite resends with their version', async () => {
    const dialog = await saveOverTheirs();
    expect(patches[0]!.ifMatch).toBe('"v1"');
    expect(patches[0]!.body).toMatchObject({ title: 'Assistant Professor' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Changed by Dana Admin at .+ since you opened it\.$/,
    );
    const row = within(dialog).getByRole('row', { name: /Title/ });
    expect(row).toHaveTextContent('Research Scientist');
    expect(row).toHaveTextContent('Assistant Professor');
    // Fields both sides agree on (the institutions, by name; the roles) are not listed.
    expect(within(dialog).getAllByRole('row')).toHaveLength(2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull());
    expect(patches[1]!.ifMatch).toBe('"v2"');
    expect(await screen.findByText('Assistant Professor')).toBeInTheDocument();
  });

  it('Reload shows their values in the form and sends nothing more', async () => {
    const dialog = await saveOverTheirs();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs (discard mine)' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Research Scientist'),
    );
    expect(patches).toHaveLength(1);
  });
});
