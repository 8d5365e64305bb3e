import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RequestDto } from '@rrp/domain';
import { MakeDecisionButton, RequestDocumentButtons } from './decision-actions';

const session = vi.hoisted(() => ({
  activeRole: 'primary_researcher' as string,
  user: { id: 1, roles: ['primary_researcher'] as string[] },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const request = (over: Partial<RequestDto>) =>
  ({
    id: 7,
    portal_request_id: 'R00007',
    status: 2,
    status_name: 'Submitted',
    owner: { id: 1, display_name: 'Pat Investigator' },
    permissions: ['read'],
    ...over,
  }) as RequestDto;

function show(role: string, userId: number, dto: RequestDto) {
  session.activeRole = role;
  session.user = { id: userId, roles: [role] };
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MakeDecisionButton request={dto} />
        <RequestDocumentButtons request={dto} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('decision and download buttons', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Make a Decision only with the decide grant on the request', () => {
    show('portal_admin', 9, request({ permissions: ['read', 'update', 'decide'] }));
    expect(screen.getByRole('button', { name: 'Make a Decision' })).toBeInTheDocument();
  });

  it('offers no decision when the workflow leaves none from the status', () => {
    show(
      'portal_admin',
      9,
      request({ status: 1, permissions: ['read', 'update', 'decide'], transitions: [] }),
    );
    expect(screen.queryByRole('button', { name: 'Make a Decision' })).not.toBeInTheDocument();
  });

  it('gives the owner the application, and the approval notice once approved, but no decision', () => {
    show('primary_researcher', 1, request({ status: 4, status_name: 'Approved' }));
    expect(screen.queryByRole('button', { name: 'Make a Decision' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Approval Notice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Application' })).toBeInTheDocument();
  });

  it('keeps the approval notice back before approval', () => {
    show('primary_researcher', 1, request({ status: 3, status_name: 'Under Review' }));
    expect(screen.queryByRole('button', { name: 'Download Approval Notice' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Application' })).toBeInTheDocument();
  });

  it('shows a team member who is not the owner no downloads', () => {
    show('primary_researcher', 2, request({ status: 7, status_name: 'Fulfilled' }));
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });
});
