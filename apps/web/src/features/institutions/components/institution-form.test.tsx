import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { InstitutionDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { formValuesOf, InstitutionForm, payloadOf } from './institution-form';

const institution: InstitutionDto = {
  id: 4,
  name: 'Harbor University',
  official_name: 'The Regents of Harbor University',
  display_name: 'Harbor University',
  ein: '12-3456789',
  nonprofit: false,
  domains: ['harbor.edu'],
  associated_names: ['HU'],
  status: 2,
  status_name: 'Institution Under Review',
  phone_number: null,
  current_io: null,
  current_rda: 9,
  rda_status: 1,
  comments: null,
  admin_acknowledge: false,
  is_unresponsive: false,
  created: '2026-01-02T03:04:05.000Z',
  permissions: ['read', 'update', 'delete', 'review'],
};

beforeAll(() => {
  // jsdom has no font loading API; the autosizing comments box listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

function renderForm(onSubmit: (payload: unknown) => Promise<unknown>, edited?: InstitutionDto) {
  return render(
    <MantineProvider env="test">
      <ModalsProvider>
        <InstitutionForm
          institution={edited}
          submitLabel="Save"
          failureTitle="There was an issue creating the institution."
          onSubmit={onSubmit}
          onCancel={() => undefined}
        />
      </ModalsProvider>
    </MantineProvider>,
  );
}

describe('the institution form values', () => {
  it('start from the institution being edited, or approved and non-profit for a new one', () => {
    expect(formValuesOf(institution)).toMatchObject({
      name: 'Harbor University',
      ein: '12-3456789',
      nonprofit: 'false',
      phone_number: '',
      status: '2',
      comments: '',
    });
    expect(formValuesOf()).toMatchObject({ name: '', nonprofit: 'true', status: '3', domains: [] });
  });

  it('become the API payload: trimmed, blanks as null, the status only when creating', () => {
    const values = {
      ...formValuesOf(),
      name: '  Lakeside College ',
      official_name: 'Lakeside College',
      ein: ' ',
      domains: [' Lakeside.EDU '],
      status: '2',
    };
    expect(payloadOf(values, true)).toEqual({
      name: 'Lakeside College',
      official_name: 'Lakeside College',
      ein: null,
      nonprofit: true,
      domains: ['lakeside.edu'],
      associated_names: [],
      phone_number: null,
      comments: null,
      status: 2,
    });
    expect(payloadOf(values, false)).not.toHaveProperty('status');
  });
});

describe('InstitutionForm', () => {
  it('shows the spec message on blank names and sends nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Please provide an institution')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts server errors on their fields and opens the EIN modal', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(
        400,
        { name: ['Already in system'], ein: ['EIN already exists'] },
        'PATCH',
        '/api/institution/4/',
        null,
      );
    });
    renderForm(onSubmit, institution);
    expect(screen.queryByRole('textbox', { name: 'Status' })).toBeNull(); // edits leave the status to the review
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Already in system')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'EIN already exists' })).toBeInTheDocument();
  });
});
