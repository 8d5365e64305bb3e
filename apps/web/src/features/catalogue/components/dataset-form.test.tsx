import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DatasetForm } from './dataset-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
let uploadAnswer: (form: FormData) => Response;
let createAnswer: () => Response;

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

beforeEach(() => {
  calls = [];
  uploadAnswer = (form) => json(201, { id: 40, name: (form.get('file') as File).name });
  createAnswer = () => json(201, { id: 12, name: 'Cohort Phenotypes', version: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') {
        if (url.startsWith('/api/cohort/'))
          return json(200, { count: 1, results: [{ id: 2, name: 'SPARK' }] });
        return json(200, { count: 0, results: [] });
      }
      const body = init?.body instanceof FormData ? init.body : JSON.parse(String(init?.body));
      calls.push({ method, url, body });
      if (url.startsWith('/api/file/')) return uploadAnswer(body as FormData);
      return createAnswer();
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderForm(onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <DatasetForm mode="create" onCancel={() => undefined} onSaved={onSaved} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onSaved;
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillRequired() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Cohort Phenotypes' } });
  await choose('Type', 'Phenotype');
  await choose('Origin', 'Curated');
  const date = screen.getByRole('textbox', { name: 'Release date' });
  fireEvent.change(date, { target: { value: '03/15/2025' } });
  fireEvent.blur(date);
  fireEvent.change(screen.getByRole('textbox', { name: 'Data access (S3 location)' }), {
    target: { value: 's3://bucket/x' },
  });
}

/** The hidden file inputs, in the form's order: data file, data dictionary, release notes. */
const fileInput = (index: number) =>
  document.querySelectorAll<HTMLInputElement>('input[type="file"]')[index]!;

const file = (name: string, type: string) => new File(['%PDF-1.4'], name, { type });

describe('DatasetForm (create)', { timeout: 30_000 }, () => {
  it('creates the dataset, then uploads the dictionary for it', async () => {
    const onSaved = renderForm();
    await fillRequired();
    await userEvent.upload(fileInput(1), file('dictionary.pdf', 'application/pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Dataset' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/dataset/',
      body: {
        name: 'Cohort Phenotypes',
        type: 1,
        origin: 2,
        release_date: '2025-03-15',
        data_access: 's3://bucket/x',
      },
    });
    const upload = calls[1]!.body as FormData;
    expect(calls[1]!.url).toBe('/api/file/');
    expect(upload.get('type')).toBe('data_dictionary');
    expect(upload.get('dataset')).toBe('12');
  });

  it('keeps the dataset and says so when the upload after create fails the virus scan', async () => {
    uploadAnswer = () => json(412, { detail: 'File dictionary.pdf did not pass virus scan' });
    const onSaved = renderForm();
    await fillRequired();
    await userEvent.upload(fileInput(1), file('dictionary.pdf', 'application/pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Dataset' }));
    expect(
      await screen.findByText(
        'Dataset created, but file upload failed due to: File dictionary.pdf did not pass virus scan',
      ),
    ).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalled();
  });

  it('stops before creating when the data file fails the virus scan', async () => {
    uploadAnswer = () => json(412, { detail: 'infected' });
    const onSaved = renderForm();
    await fillRequired();
    await userEvent.upload(fileInput(0), file('data.zip', 'application/zip'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Dataset' }));
    expect(await screen.findByText('File data.zip did not pass virus scan')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/file/']);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's field and general errors", async () => {
    createAnswer = () =>
      json(400, {
        name: ['Ensure this field has no more than 255 characters.'],
        non_field_errors: ['Nope.'],
      });
    renderForm();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create Dataset' }));
    expect(await screen.findByText('Ensure this field has no more than 255 characters.')).toBeInTheDocument();
    expect(screen.getByText('Nope.')).toBeInTheDocument();
  });

  it('checks the form before calling the server', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Dataset' }));
    expect(
      await screen.findByText('Data File, Globus Location, or Data Access (S3 Location) are required'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
