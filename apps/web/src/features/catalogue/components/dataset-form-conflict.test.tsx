import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DatasetDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { jsonAnswer, staleAnswer } from '@/test/versioned-object';
import { DatasetForm } from './dataset-form';

const shown = {
  id: 7,
  dataset_id: '0b6f3c5e-6a53-4c1e-9a53-7d1d3e2b9f10',
  name: 'SPARK Phenotype',
  description: 'Phenotypes.',
  cohort: null,
  type: 1,
  origin: 1,
  version: 2,
  is_latest: true,
  release_date: '2025-01-31',
  available: true,
  limited: false,
  data_file: null,
  data_access: 's3://bucket/spark',
  gpf_accessible: false,
  gpf_group: null,
  gpf_dataset_id: null,
  globus_group_id: null,
  globus_locations: [],
  accession_id: 'SP-1',
  file_size: '2 GB',
  order: 1,
  public_data_dictionary: null,
  public_release_notes: null,
  asd_participants: null,
  control_participants: null,
  families: null,
  related_datasets: [],
  change_notes: null,
  permissions: ['read', 'update'],
} as unknown as DatasetDto;

/** Someone else's save of the dataset came first: the 412 with the dataset as it is now. */
const stale = () => staleAnswer({ ...shown, accession_id: 'SP-THEIRS', file_size: '3 GB' });

let patches: { ifMatch: string | null; body: unknown }[];
let patchAnswers: (() => Response)[];

beforeEach(async () => {
  patches = [];
  patchAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'PATCH') {
        const headers = init?.headers as Record<string, string>;
        patches.push({ ifMatch: headers['if-match'] ?? null, body: JSON.parse(String(init?.body)) });
        return patchAnswers.shift()!();
      }
      if (url.startsWith('/api/dataset/7/')) return jsonAnswer(200, shown, '"v1"');
      return jsonAnswer(200, { count: 0, results: [] });
    }),
  );
  // The screen read the dataset it shows; the client keeps that version.
  await apiFetch('dataset/7/');
});

afterEach(() => vi.unstubAllGlobals());

function renderEdit() {
  const onSaved = vi.fn();
  const onReload = vi.fn(async () => undefined);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <DatasetForm
            mode="edit_details"
            dataset={shown}
            onCancel={() => undefined}
            onSaved={onSaved}
            onReload={onReload}
          />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onSaved, onReload };
}

async function saveAccessionId(value: string) {
  const input = screen.getByRole('textbox', { name: 'Accession id' });
  await userEvent.clear(input);
  await userEvent.type(input, value);
  await userEvent.click(screen.getByRole('button', { name: 'Save Details' }));
}

describe('editing a dataset someone else changed meanwhile', () => {
  it('sends the version it showed; a 412 opens the dialog with their name and the differing field; Overwrite resends with theirs', async () => {
    const { onSaved } = renderEdit();
    patchAnswers = [stale, () => jsonAnswer(200, { ...shown, accession_id: 'SP-MINE' }, '"v3"')];
    await saveAccessionId('SP-MINE');

    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this first' });
    expect(patches[0]).toEqual({ ifMatch: '"v1"', body: { accession_id: 'SP-MINE' } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Changed by Dana Admin at .+ since you opened it\.$/,
    );
    const row = within(dialog).getByRole('row', { name: /Accession id/ });
    expect(row).toHaveTextContent('SP-THEIRS');
    expect(row).toHaveTextContent('SP-MINE');
    // Only what this form changes is compared: their file size is no conflict of mine.
    expect(within(dialog).queryByRole('row', { name: /File size/ })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patches[1]).toEqual({ ifMatch: '"v2"', body: { accession_id: 'SP-MINE' } });
  });

  it('Reload takes theirs: nothing more is sent and the form is read again', async () => {
    const { onSaved, onReload } = renderEdit();
    patchAnswers = [stale];
    await saveAccessionId('SP-MINE');
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this first' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs (discard mine)' }));
    await waitFor(() => expect(onReload).toHaveBeenCalled());
    expect(patches).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save Details' })).toBeEnabled();
  });

  it('closing the dialog without a choice saves nothing and keeps what was typed', async () => {
    const { onSaved, onReload } = renderEdit();
    patchAnswers = [stale];
    await saveAccessionId('SP-MINE');
    await screen.findByRole('dialog', { name: 'Someone else saved this first' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Details' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Accession id' })).toHaveValue('SP-MINE');
    expect(onReload).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
