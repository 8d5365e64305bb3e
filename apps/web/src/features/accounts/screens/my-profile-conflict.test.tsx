import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '@/test/render-in-app';
import { stubObjectChangedMeanwhile, type SentWrite } from '@/test/versioned-object';
import MyProfileScreen from './my-profile-screen';

const session = vi.hoisted(() => ({
  token: 't',
  loading: false,
  activeRole: 'primary_researcher',
  user: { id: 7, roles: ['primary_researcher'], institutionId: 4 },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session, meQueryKey: ['user', 'me'] }));

const shown = {
  id: 7,
  email: 'robin@harbor.edu',
  pending_email: null,
  first_name: 'Robin',
  last_name: 'Reyes',
  full_name: 'Robin Reyes',
  title: 'Postdoc',
  phone_number: null,
  address: null,
  city: 'Boston',
  region: null,
  postal_code: null,
  country: null,
  shipping_vendor: null,
  shipping_vendor_account_number: null,
  globus_username: null,
  orcid: null,
  primary_role: 'primary_researcher',
  groups: ['primary_researcher'],
  verified: true,
  active: true,
  last_login: null,
  emails: [],
  email_addresses: [],
  phone_numbers: [],
  reminder_email_opted_in: true,
  permissions: ['read', 'update'],
};

let patches: SentWrite[];

beforeEach(() => {
  // An administrator renames the researcher on /user/7 while My Profile is open.
  patches = stubObjectChangedMeanwhile('/api/user/7/', shown, {
    first_name: 'Robyn',
    full_name: 'Robyn Reyes',
  });
});

afterEach(() => vi.unstubAllGlobals());

const firstName = () => screen.getByRole('textbox', { name: 'First name' });

async function saveOverTheirs() {
  renderInApp(<MyProfileScreen />, { modals: true });
  const field = await screen.findByRole('textbox', { name: 'First name' });
  await waitFor(() => expect(field).toHaveValue('Robin'));
  await userEvent.clear(field);
  await userEvent.type(field, 'Rob');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'Someone else saved this first' });
}

describe('a researcher saving My Profile after an administrator changed it', () => {
  it('sends the version shown; the 412 opens the dialog with who changed what; Overwrite resends with their version', async () => {
    const dialog = await saveOverTheirs();
    expect(patches[0]).toEqual({ ifMatch: '"v1"', body: { first_name: 'Rob' } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Changed by Dana Admin at .+ since you opened it\.$/,
    );
    const row = within(dialog).getByRole('row', { name: /First name/ });
    // Theirs, then mine.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Robyn', 'Rob']);
    // Only what this save changes is compared: the header and the one field.
    expect(within(dialog).getAllByRole('row')).toHaveLength(2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ ifMatch: '"v2"', body: { first_name: 'Rob' } });
    // The saved profile is what the form now starts from: nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(firstName()).toHaveValue('Rob');
  });

  it('Reload puts their values in the form and sends nothing more', async () => {
    const dialog = await saveOverTheirs();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs (discard mine)' }));
    await waitFor(() => expect(firstName()).toHaveValue('Robyn'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(patches).toHaveLength(1);
  });

  it('closing the dialog saves nothing and keeps what was typed', async () => {
    await saveOverTheirs();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(firstName()).toHaveValue('Rob');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(patches).toHaveLength(1);
  });
});
