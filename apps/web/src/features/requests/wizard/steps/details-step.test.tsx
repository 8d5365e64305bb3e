import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FormErrors, FormValues } from '@rrp/domain/forms';
import type { SampleResult } from '../api';
import { SAMPLE_CHECK_DELAY_MS, type Resource } from '../rules';
import { DetailsStep } from './details-step';

const plasma: Resource = {
  key: 'sample-2',
  kind: 'sample',
  id: 2,
  name: 'Plasma',
  group: 'Biospecimen',
  cohort: 'SPARK',
  cohorts: ['SPARK'],
  accessionId: null,
  fileSize: null,
  releaseDate: null,
  formCode: 'plasma',
  accessTypes: [],
  disabledReason: null,
  restricted: false,
  approved: false,
  allowed: false,
};

const FORM = {
  id: 'plasma',
  title: 'Plasma',
  fields: [{ type: 'samples', key: 'samples', label: 'Sample IDs' }],
};

type Availability = Record<string, string>;

function stubFetch(availability: Availability) {
  const calls: string[][] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).includes('/forms/plasma.json'))
      return new Response(JSON.stringify(FORM), { status: 200 });
    const body = JSON.parse(String(init?.body)) as { ids: string[] };
    calls.push(body.ids);
    const results = body.ids.map((id) => ({
      id,
      availability: availability[id] ?? 'Invalid Id',
      amount_available: 1,
      unit: 'μl',
      ipsc_consented: null,
      request_count: 0,
      approved_count: 0,
    }));
    return new Response(JSON.stringify({ results }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function Harness({
  initial,
  epic,
  onContinue,
}: {
  initial: string[];
  epic: boolean;
  onContinue: () => void;
}) {
  const [values, setValues] = useState<Record<string, FormValues>>({ plasma: { samples: initial } });
  const [errors, setErrors] = useState<Record<string, FormErrors>>({});
  const [results, setResults] = useState<Record<string, SampleResult>>({});
  return (
    <DetailsStep
      formIds={['plasma']}
      selection={[plasma]}
      values={values}
      errors={errors}
      sampleResults={results}
      epic={epic}
      askIntent={false}
      intentToDownload={null}
      onIntent={() => {}}
      onChange={(id, next, nextErrors) => {
        setValues((current) => ({ ...current, [id]: next }));
        setErrors((current) => ({ ...current, [id]: nextErrors }));
      }}
      onSampleResults={setResults}
      onContinue={onContinue}
    />
  );
}

function renderStep(initial: string[], { epic = false } = {}) {
  const onContinue = vi.fn();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <Harness initial={initial} epic={epic} onContinue={onContinue} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onContinue;
}

afterEach(() => vi.unstubAllGlobals());

describe('the details step with sample ids', () => {
  it('asks for ids before anything is checked', async () => {
    const calls = stubFetch({});
    const onContinue = renderStep([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('* Required field')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('refuses ids that fail, with the banners of the flag being off', async () => {
    stubFetch({ '11000-p1': 'Available' });
    const onContinue = renderStep(['11000-p1', '99999-zz']);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('* Please fix the ids below!!')).toBeInTheDocument();
    expect(
      screen.getByText('* Save Failed.  Please fix the ids below and try again', {
        normalizer: (text) => text,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /99999-zz Invalid Id/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('offers Validate and the legend with biospecimen_epic, and its own banner', async () => {
    stubFetch({ '11000-p1': 'Limited' });
    renderStep(['11000-p1', '99999-zz'], { epic: true });
    expect(await screen.findByText('Sample status legend')).toBeInTheDocument();
    expect(screen.getByText('Your request will be subject to availability')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('* Please fix the ids below!')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /11000-p1 Limited Supply/ })).toBeInTheDocument();
  });

  it('checks the ids once typing rests, and checks them only once', async () => {
    const calls = stubFetch({ '11000-p1': 'Available' });
    const onContinue = renderStep(['11000-p1', '99999-zz']);
    expect(calls).toEqual([]);
    const table = await screen.findByRole(
      'table',
      { name: 'Sample availability' },
      { timeout: SAMPLE_CHECK_DELAY_MS + 2000 },
    );
    expect(calls).toEqual([['11000-p1', '99999-zz']]);
    // The blocking id comes first, and the fix-the-ids banner sits with the table before any Continue.
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/99999-zz\s*Invalid Id/);
    expect(rows[2]).toHaveTextContent(/11000-p1\s*Available/);
    expect(screen.getByText('* Please fix the ids below!!')).toBeInTheDocument();
    expect(
      screen.getByText('1 id blocks the request: remove or replace it in Sample IDs above.'),
    ).toBeInTheDocument();

    // Continue uses the results already there and moves focus to the id to fix.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(document.activeElement).toHaveTextContent('99999-zz'));
    expect(
      screen.getByText('* Save Failed.  Please fix the ids below and try again', {
        normalizer: (text) => text,
      }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('sorts the legend into states that can be requested and states that block', async () => {
    stubFetch({});
    renderStep([], { epic: true });
    const legend = await screen.findByRole('region', { name: 'Sample status legend' });
    const passing = within(legend).getByText('Can be requested:').parentElement!;
    const blocking = within(legend).getByText(/Block the request/).parentElement!;
    expect(within(passing).getByText('Available')).toBeInTheDocument();
    expect(within(passing).getByText('Limited Supply')).toBeInTheDocument();
    for (const state of ['CPLs Available', 'Unavailable', 'Invalid Id', 'IPSC Not Consented'])
      expect(within(blocking).getByText(state)).toBeInTheDocument();
    expect(
      within(blocking).getByText('Cannot be ordered, may be nominated for reprogramming'),
    ).toBeInTheDocument();
  });

  it('continues when every id passes, validating 100 ids a call', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => `11000-p${index}`);
    const calls = stubFetch(Object.fromEntries(ids.map((id) => [id, 'Available'])));
    const onContinue = renderStep(ids);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    expect(calls.map((batch) => batch.length)).toEqual([100, 50]);
    expect(onContinue.mock.calls[0]![0]).toEqual({ plasma: { samples: ids } });
  });
});
