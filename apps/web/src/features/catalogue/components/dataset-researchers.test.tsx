import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DatasetAccessDto, DatasetDto } from '@rrp/domain';
import { DatasetResearchers, groupByResearcher } from './dataset-researchers';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ada = { id: 7, display_name: 'Ada Lovelace', email: 'ada@uni.edu' };
const grace = { id: 8, display_name: 'Grace Hopper', email: 'grace@uni.edu' };
const record: DatasetAccessDto = {
  id: 1,
  user: ada,
  dataset: 3,
  access_type: 'Globus',
  status: 'granted',
  request_id: null,
  created: '2025-01-01T00:00:00Z',
  modified: '2025-01-01T00:00:00Z',
};
const dataset = { id: 3, name: 'SPARK Phenotype Dataset', access_types: ['Globus', 'AWS'] } as DatasetDto;

let writes: { method: string; url: string; body: unknown }[] = [];
let answer: () => Response;
let researchers: (typeof ada)[];
let records: DatasetAccessDto[];

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

beforeEach(() => {
  writes = [];
  answer = () => json(200, record);
  researchers = [grace, ada];
  records = [record];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') {
        writes.push({ method: init.method, url, body: JSON.parse(String(init.body)) });
        return answer();
      }
      if (url.startsWith('/api/dataset/3/researchers/'))
        return json(200, { count: researchers.length, results: researchers });
      if (url.startsWith('/api/datasetaccess/?'))
        return json(200, { count: records.length, results: records });
      throw new Error(`unexpected ${url}`);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderTable() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <DatasetResearchers dataset={dataset} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('DatasetResearchers', () => {
  it('lists associated researchers with their access per channel', async () => {
    renderTable();
    const table = await screen.findByRole('table', { name: 'Researchers of SPARK Phenotype Dataset' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Researcher'),
      expect.stringContaining('Ada Lovelace'),
      expect.stringContaining('Grace Hopper'),
    ]);
    expect(screen.getByRole('switch', { name: 'Globus access for Ada Lovelace' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Globus access for Grace Hopper' })).not.toBeChecked();
    // The dataset offers no GPF channel.
    expect(screen.getByRole('switch', { name: 'GPF access for Grace Hopper' })).toBeDisabled();
  });

  it('revokes an existing record and creates a new one to grant', async () => {
    renderTable();
    await userEvent.click(await screen.findByRole('switch', { name: 'Globus access for Ada Lovelace' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/datasetaccess/1/',
      body: { status: 'revoked' },
    });
    await userEvent.click(screen.getByRole('switch', { name: 'AWS access for Grace Hopper' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({
      method: 'POST',
      url: '/api/datasetaccess/',
      body: { user: 8, dataset: 3, access_type: 'AWS', status: 'granted' },
    });
  });

  it("shows 'Error Granting Access' with the server's message when a change fails", async () => {
    answer = () => json(400, { access_type: ['This dataset has no data access (S3 location).'] });
    renderTable();
    await userEvent.click(await screen.findByRole('switch', { name: 'AWS access for Grace Hopper' }));
    expect(await screen.findByText('Error Granting Access')).toBeInTheDocument();
    expect(
      screen.getByText('Changing Access for dataset SPARK Phenotype Dataset failed with error:'),
    ).toBeInTheDocument();
    expect(screen.getByText('This dataset has no data access (S3 location).')).toBeInTheDocument();
  });

  it("says 'No researchers associated with this dataset' when there are none", async () => {
    researchers = [];
    records = [];
    renderTable();
    expect(await screen.findByText('No researchers associated with this dataset')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists anyone holding a record even when not on an approved request', () => {
    expect(groupByResearcher([grace], [record]).map((entry) => entry.user.display_name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
  });
});

describe('DatasetResearchers for staff who only read access', () => {
  it('shows the switches disabled', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <ModalsProvider>
            <DatasetResearchers dataset={dataset} readOnly />
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const globus = await screen.findByRole('switch', { name: 'Globus access for Ada Lovelace' });
    expect(globus).toBeChecked();
    expect(globus).toBeDisabled();
  });
});
