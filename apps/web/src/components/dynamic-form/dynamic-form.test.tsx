import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FormResult, FormSchema, FormValues } from '@rrp/domain/forms';
import { DynamicForm } from './dynamic-form';
import { applyChange, useDynamicForm } from './state';

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const schema: FormSchema = {
  id: 'sample',
  title: 'Sample',
  fields: [
    { type: 'header', label: 'About the study', text: 'Tell us about it.' },
    { type: 'text', key: 'title', label: 'Title', maxLength: 20 },
    { type: 'number', key: 'count', label: 'Count', unit: 'vials', integer: true },
    { type: 'radio', key: 'modifying', label: 'Will you modify the cells?', options: yesNo },
    {
      type: 'followUp',
      on: 'modifying',
      when: ['yes'],
      fields: [
        {
          type: 'checktree',
          key: 'share',
          label: 'Sharing',
          options: [{ value: true, label: 'I will share clones with {product}.' }],
          error: 'This is required by {product} to continue',
        },
      ],
    },
    {
      type: 'checktree',
      key: 'seq',
      label: 'Analyses',
      options: [
        {
          value: 'sequencing',
          label: 'Sequencing',
          children: [
            { value: 'wgs', label: 'Whole genome' },
            { value: 'wes', label: 'Whole exome' },
          ],
        },
        { value: 'other', label: 'Other' },
      ],
    },
    {
      type: 'text',
      key: 'seq_other',
      label: 'Other analyses',
      dependsOn: { field: 'seq', values: ['other'] },
    },
    { type: 'combobox', key: 'vendor', label: 'Shipping vendor', table: 'shipping_vendors', optional: true },
    { type: 'range', key: 'ages', label: 'Ages', min: 0, max: 130, optional: true },
    { type: 'date', key: 'start', label: 'Start date', optional: true },
    { type: 'file', key: 'letter', label: 'Letter', optional: true },
    { type: 'samples', key: 'samples', label: 'Sample IDs', optional: true },
    {
      type: 'subform',
      key: 'contacts',
      label: 'Contacts',
      optional: true,
      addLabel: 'Add contact',
      fields: [{ type: 'text', key: 'name', label: 'Contact name' }],
    },
  ],
};

let submitted: FormResult | null = null;
function Harness({ form = schema, initial = {} }: { form?: FormSchema; initial?: FormValues }) {
  const state = useDynamicForm(form, initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitted = state.validate();
      }}
    >
      <DynamicForm {...state.bind} />
      <button type="submit">Submit</button>
      <output data-testid="values">{JSON.stringify(state.values)}</output>
    </form>
  );
}

function renderForm(props: { form?: FormSchema; initial?: FormValues } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <Harness {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}');

afterEach(() => {
  submitted = null;
  vi.unstubAllGlobals();
});

describe('the dynamic form renderer', () => {
  it('labels every field and groups choices under their legend', () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 2, name: 'About the study' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Start date')).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('textbox', { name: 'Count (vials)' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /Will you modify the cells/ })).toBeInTheDocument();
    const analyses = screen.getByRole('group', { name: /Analyses/ });
    expect(within(analyses).getByRole('checkbox', { name: 'Whole genome' })).toBeInTheDocument();
    const ages = screen.getByRole('group', { name: /Ages/ });
    expect(within(ages).getByRole('textbox', { name: 'From' })).toBeInTheDocument();
    expect(within(ages).getByRole('textbox', { name: 'To' })).toBeInTheDocument();
  });

  it("shows 'Required field' on each empty required field, described by the error", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted?.errors).toEqual({
      title: 'Required field',
      count: 'Required field',
      modifying: 'Required field',
      seq: 'Required field',
    });
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Required field');
    expect(screen.getByRole('group', { name: /Analyses/ })).toHaveAccessibleDescription('Required field');
  });

  it('clears a field’s error when it changes, and only that one', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Sleep');
    expect(screen.getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Count (vials)' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens a followUp on its answer, with the product name, and closes it clearing its answers', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByRole('group', { name: /Sharing/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const share = screen.getByRole('checkbox', {
      name: 'I will share clones with Research Resource Portal.',
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted?.errors.share).toBe('This is required by Research Resource Portal to continue');
    expect(screen.getByText('This is required by Research Resource Portal to continue')).toBeInTheDocument();
    await user.click(share);
    expect(values().share).toEqual([true]);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('checkbox', { name: /I will share clones/ })).toBeNull();
    expect(values()).toEqual({ modifying: 'no' });
  });

  it('ticks a whole checktree branch from its parent and shows a dependent field', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Sequencing' }));
    expect(values().seq).toEqual(['sequencing', 'wgs', 'wes']);
    await user.click(screen.getByRole('checkbox', { name: 'Whole genome' }));
    expect(values().seq).toEqual(['sequencing', 'wes']);
    expect(screen.getByRole('checkbox', { name: 'Sequencing' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Sequencing' }));
    expect(values().seq).toEqual([]);
    expect(screen.queryByRole('textbox', { name: 'Other analyses' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: /Other analyses/ }), 'Methylation');
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(screen.queryByRole('textbox', { name: /Other analyses/ })).toBeNull();
    expect(values().seq_other).toBeUndefined();
  });

  it('submits cleaned values: numbers coerced, dates as YYYY-MM-DD, sample ids normalised', async () => {
    const user = userEvent.setup();
    renderForm({ initial: { samples: ['11000-p1'] } });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Sleep');
    await user.type(screen.getByRole('textbox', { name: 'Count (vials)' }), '3');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: /Other analyses/ }), 'Methylation');
    await user.type(screen.getByRole('textbox', { name: /Start date/ }), '02/29/2024');
    await user.tab();
    await user.type(
      screen.getAllByLabelText('Sample IDs').find((input) => (input as HTMLInputElement).type !== 'hidden')!,
      '11000-mo, 11000-p1,',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted).toEqual({
      errors: {},
      values: {
        title: 'Sleep',
        count: 3,
        modifying: 'no',
        seq: ['other'],
        seq_other: 'Methylation',
        start: '2024-02-29',
        samples: ['11000-p1', '11000-mo'],
      },
    });
  });

  it("refuses a typed date that does not exist with 'Please use the format MM/DD/YYYY'", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: /Start date/ }), '13/45/2024');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted?.errors.start).toBe('Please use the format MM/DD/YYYY');
  });

  it('adds and removes subform rows and checks each row', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.type(
      within(screen.getByRole('group', { name: 'Contacts, row 1' })).getByRole('textbox'),
      'Ada',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted?.errors['contacts.1.name']).toBe('Required field');
    expect(submitted?.errors['contacts.0.name']).toBeUndefined();
    await user.click(
      within(screen.getByRole('group', { name: 'Contacts, row 2' })).getByRole('button', {
        name: 'Remove row 2',
      }),
    );
    expect(values().contacts).toEqual([{ name: 'Ada' }]);
  });

  it('accepts a PDF by default and keeps the chosen file for the caller', async () => {
    const user = userEvent.setup();
    renderForm();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.pdf');
    await user.upload(input, new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted?.values.letter).toBeInstanceOf(File);
    expect(submitted?.errors.letter).toBeUndefined();
  });

  it('loads a remote option list from response-selection', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        count: 2,
        next: null,
        previous: null,
        results: [
          { id: 1, name: 'None' },
          { id: 2, name: 'FedEx' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const calls = fetchMock.mock.calls as unknown as [string][];
    expect(calls[0]?.[0]).toBe('/api/response-selection/?table=shipping_vendors&ordering=created&limit=1000');
    await user.click(screen.getByRole('combobox', { name: 'Shipping vendor' }));
    await user.click(await screen.findByRole('option', { name: 'FedEx' }));
    expect(values().vendor).toBe('FedEx');
  });
});

describe('applyChange', () => {
  it('drops errors of fields that a change hides, and of the changed field and its parents', () => {
    const next = applyChange(
      schema,
      { modifying: 'yes', contacts: [{ name: '' }] },
      { share: 'x', title: 'y', contacts: 'z', 'contacts.0.name': 'w' },
      'modifying',
      'no',
    );
    expect(next.values).toEqual({ modifying: 'no', contacts: [{ name: '' }] });
    expect(next.errors).toEqual({ title: 'y', contacts: 'z', 'contacts.0.name': 'w' });
    const row = applyChange(
      schema,
      { contacts: [{ name: '' }] },
      next.errors,
      'contacts',
      [{ name: 'A' }],
      'contacts.0.name',
    );
    expect(row.errors).toEqual({ title: 'y' });
  });
});
