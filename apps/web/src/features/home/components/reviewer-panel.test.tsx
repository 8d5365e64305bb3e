import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { RoleKey } from '@rrp/domain';
import { NO_APPLICATIONS, ReviewerPanel, reviewListsFor } from './reviewer-panel';
import { renderWithList } from '@/test/render-in-app';

vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 31, roles: [] } }) }));

const assigned = {
  id: 9,
  portal_request_id: 'R00009',
  display_name: 'Plasma',
  type: 2,
  type_name: 'Biospecimen',
  status: 3,
  status_name: 'Under Review',
  owner: { id: 2, display_name: 'Pat Investigator' },
  institution: { id: 1, name: 'Demo University' },
  submission_date: '2026-11-02T10:00:00Z',
  permissions: ['read'],
};

function renderPanel(role: RoleKey, results: object[]) {
  return renderWithList(
    <Routes>
      <Route path="/" element={<ReviewerPanel role={role} />} />
      <Route path="/request/:id" element={<p>Request page</p>} />
    </Routes>,
    results,
  );
}

describe('reviewer home (staff §2.2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives ABN reviewers the ABN lists (tissue only with abn_epic) and others Research Match', () => {
    expect(reviewListsFor('abn_reviewer', false).map((list) => list.title)).toEqual([
      'Autism BrainNet Data Requests',
      'Pilot Applications',
    ]);
    expect(reviewListsFor('abn_reviewer', true).map((list) => list.query)).toEqual([
      { type: '6' },
      { type: '7' },
      { type: '8' },
    ]);
    expect(reviewListsFor('internal_reviewer', false)[0]).toMatchObject({
      title: 'Research Match Applications',
      query: { grouping: 'recontacting' },
    });
    expect(reviewListsFor('portal_reviewer', false)).toHaveLength(1);
  });

  it("lists the reviewer's own assignments; a row opens the request", async () => {
    const fetch = renderPanel('portal_reviewer', [assigned]);
    await userEvent.click(await screen.findByRole('row', { name: /R00009/ }));
    expect(await screen.findByText('Request page')).toBeInTheDocument();
    const query = new URL((fetch.mock.calls[0] as unknown as [string])[0], 'http://x').searchParams;
    expect(query.get('reviews__user')).toBe('31');
  });

  it('says when there is nothing to review', async () => {
    renderPanel('external_reviewer', []);
    expect(await screen.findByText(NO_APPLICATIONS)).toBeInTheDocument();
    // The list of other kinds stays hidden while empty.
    expect(screen.queryByRole('heading', { name: 'Other Requests to Review' })).toBeNull();
  });
});
