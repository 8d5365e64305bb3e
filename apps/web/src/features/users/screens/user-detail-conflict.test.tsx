import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderInApp } from '@/test/render-in-app';
import { stubObjectChangedMeanwhile, type SentWrite } from '@/test/versioned-object';
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

let patches: SentWrite[];

beforeEach(() => {
  // Another administrator changes the title after this screen read the user.
  patches = stubObjectChangedMeanwhile('/api/user/9/', shown, { title: 'Research Scientist' });
});

afterEach(() => vi.unstubAllGlobals());

async function saveOverTheirs() {
  renderInApp(
    <Routes>
      <Route path="/user/:objectId" element={<UserDetailScreen />} />
    </Routes>,
    { modals: true, at: '/user/9' },
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
