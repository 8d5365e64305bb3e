import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderInApp } from '@/test/render-in-app';
import { stubObjectChangedMeanwhile, type SentWrite } from '@/test/versioned-object';
import InstitutionDetailScreen from './institution-detail-screen';
import InstitutionDetailsScreen from './institution-details-screen';

const session = vi.hoisted(() => ({
  token: 't',
  loading: false,
  activeRole: 'portal_admin',
  user: { id: 1, roles: ['portal_admin'], institutionId: 4 },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const shown = {
  id: 4,
  name: 'Harbor University',
  official_name: 'The Regents of Harbor University',
  display_name: 'Harbor University',
  ein: '12-3456789',
  nonprofit: true,
  domains: ['harbor.edu'],
  associated_names: [],
  status: 3,
  status_name: 'Institution Approved',
  phone_number: '555-0100',
  current_io: null,
  current_rda: null,
  rda_status: 1,
  comments: null,
  admin_acknowledge: false,
  is_unresponsive: false,
  created: '2026-01-02T03:04:05.000Z',
  permissions: ['read', 'update', 'delete', 'review'],
};

let patches: SentWrite[];

beforeEach(() => {
  // What the other administrator saved after this screen read the institution.
  patches = stubObjectChangedMeanwhile('/api/institution/4/', shown, { phone_number: '555-0199' });
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  renderInApp(
    <Routes>
      <Route path="/institution/:objectId" element={<InstitutionDetailScreen />} />
      <Route path="/institution-details" element={<InstitutionDetailsScreen />} />
      <Route path="/verify" element={<p>Verify</p>} />
    </Routes>,
    { modals: true, at: path },
  );
}

async function saveOverTheirs() {
  renderAt('/institution/4');
  await userEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit institution' }));
  const phone = await screen.findByRole('textbox', { name: 'Phone number' });
  await userEvent.clear(phone);
  await userEvent.type(phone, '555-0123');
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  return screen.findByRole('dialog', { name: 'Someone else saved this first' });
}

describe('an administrator saving an institution someone else changed meanwhile', () => {
  it('sends the version shown; the 412 opens the dialog with who changed what; Overwrite resends with their version', async () => {
    const dialog = await saveOverTheirs();
    expect(patches[0]!.ifMatch).toBe('"v1"');
    expect(patches[0]!.body).toMatchObject({ phone_number: '555-0123' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Changed by Dana Admin at .+ since you opened it\.$/,
    );
    const row = within(dialog).getByRole('row', { name: /Phone number/ });
    expect(row).toHaveTextContent('555-0199');
    expect(row).toHaveTextContent('555-0123');
    // Fields both sides agree on are not listed.
    expect(within(dialog).queryByRole('row', { name: /Common name/ })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull());
    expect(patches[1]!.ifMatch).toBe('"v2"');
    expect(await screen.findByText('555-0123')).toBeInTheDocument();
  });

  it('Reload shows their values in the form and sends nothing more', async () => {
    const dialog = await saveOverTheirs();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs (discard mine)' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('555-0199'),
    );
    expect(patches).toHaveLength(1);
  });
});

describe('the signing official confirming details a staff member changed meanwhile', () => {
  async function submitOverTheirs() {
    renderAt('/institution-details');
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    await waitFor(() => expect(phone).toHaveValue('555-0100'));
    await userEvent.clear(phone);
    await userEvent.type(phone, '555-0123');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    return screen.findByRole('dialog', { name: 'Someone else saved this first' });
  }

  it('meets the dialog; Overwrite resends with their version and goes on', async () => {
    const dialog = await submitOverTheirs();
    expect(patches[0]!.ifMatch).toBe('"v1"');
    expect(within(dialog).getByRole('row', { name: /Phone number/ })).toHaveTextContent('555-0199');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Verify')).toBeInTheDocument();
    expect(patches[1]!.ifMatch).toBe('"v2"');
  });

  it('Reload fills the form with theirs and stays', async () => {
    const dialog = await submitOverTheirs();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs (discard mine)' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('555-0199'),
    );
    expect(patches).toHaveLength(1);
    expect(screen.queryByText('Verify')).toBeNull();
  });
});
