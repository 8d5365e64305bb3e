import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { Page } from './page';

function renderAt(path: string, page: React.ReactNode) {
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </MantineProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
}

describe('Page breadcrumbs', () => {
  it('start at Home and end at the page', () => {
    const trail = renderAt(
      '/user/7',
      <Page title="Demo Researcher" crumbs={[{ label: 'Users', to: '/user' }]} />,
    );
    expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(trail.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/user');
    expect(trail.getByText('Demo Researcher')).toHaveAttribute('aria-current', 'page');
  });

  it('are just Home on the home page, whose heading greets the person', () => {
    const trail = renderAt('/', <Page title="Welcome, Demo" />);
    expect(trail.getByText('Home')).toHaveAttribute('aria-current', 'page');
    expect(trail.queryByText('Welcome, Demo')).toBeNull();
    expect(trail.queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Demo' })).toBeInTheDocument();
  });
});
