import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PublicResearcherProfileDto } from '@rrp/domain';
import PublicUserScreen from './public-user-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let profile: PublicResearcherProfileDto;

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/api/public/user/20/');
      return json(200, profile);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/public/user/20']}>
          <Routes>
            <Route path="/public/user/:objectId" element={<PublicUserScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('PublicUserScreen', () => {
  it('shows the approved projects with their datasets and team', async () => {
    profile = {
      id: 20,
      name: 'Priya Patel',
      institution_name: 'Lakeshore Institute of Technology',
      projects: [
        {
          id: 3,
          title: 'Language in autistic teens',
          abstract: 'How language develops.',
          datasets: [{ id: 9, dataset_id: '3f2b8c1e-5d4a-4b6c-9e7f-0a1b2c3d4e5f', name: 'SPARK WES' }],
          team: [{ name: 'Priya Patel', role: 'Primary Researcher', institution_name: null }],
        },
      ],
    };
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Patel' })).toBeInTheDocument();
    expect(screen.getByText('Lakeshore Institute of Technology')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Language in autistic teens' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SPARK WES' })).toHaveAttribute(
      'href',
      '/dataset/3f2b8c1e-5d4a-4b6c-9e7f-0a1b2c3d4e5f?isUUID=true',
    );
    expect(
      screen.getByRole('table', { name: 'Research team of Language in autistic teens' }),
    ).toHaveTextContent('Primary Researcher');
  });

  it("says 'No approved genetic dataset requests found' without approved projects", async () => {
    profile = { id: 20, name: 'Priya Patel', institution_name: null, projects: [] };
    renderScreen();
    expect(await screen.findByText('No approved genetic dataset requests found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Approved Projects' })).toBeNull();
  });
});
