import { describe, expect, it, vi, afterEach } from 'vitest';
import { screen } from '@testing-library/react';
import { HOME_PROJECTS_CAP, ProjectsPanel } from './projects-panel';
import { renderWithList } from '@/test/render-in-app';

function renderPanel(results: { id: number; title: string; portal_project_id: string }[]) {
  return renderWithList(<ProjectsPanel />, results);
}

describe('ProjectsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'No Projects.' when there are none", async () => {
    renderPanel([]);
    expect(await screen.findByText('No Projects.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all projects' })).toHaveAttribute('href', '/project');
  });

  it('asks for at most 10 projects and links each to its page', async () => {
    const fetch = renderPanel([{ id: 4, title: 'Sleep study', portal_project_id: 'P00004' }]);
    expect(await screen.findByRole('link', { name: 'Sleep study' })).toHaveAttribute('href', '/project/4');
    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(new URL(url, 'http://x').searchParams.get('limit')).toBe(String(HOME_PROJECTS_CAP));
    expect(HOME_PROJECTS_CAP).toBe(10);
  });
});
