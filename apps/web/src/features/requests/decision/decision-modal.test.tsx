import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RequestDecisions } from '@rrp/domain';
import { DecisionModal } from './decision-modal';

const request = { id: 7, portal_request_id: 'R00007', status_name: 'Under Review' };

const decisions = (over: Partial<RequestDecisions> = {}): RequestDecisions => ({
  flow: 'plain',
  status: 3,
  status_name: 'Under Review',
  options: [
    { status: 4, name: 'Approved', action: 'Approve', email: 'optional' },
    { status: 5, name: 'Rejected', action: 'Reject', email: 'required' },
    { status: 6, name: 'Revisions Requested', action: 'Request Revisions', email: 'optional' },
  ],
  team: { complete: true, missing: [] },
  ...over,
});

const template = {
  to: ['pat@uni.test'],
  cc: [],
  bcc: [],
  subject: 'Your request R00007',
  body: 'Dear Pat, your request has been decided.',
};

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function setup(answers: { decisions?: RequestDecisions; decision?: { status: number; body: object } } = {}) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const json = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/request/7/decisions/') return json(200, answers.decisions ?? decisions());
    if (url.pathname === '/api/request/7/decision-email/') return json(200, template);
    if (url.pathname === '/api/request/7/decision/') {
      const answer = answers.decision ?? {
        status: 200,
        body: { id: 7, status: 5, status_name: 'Rejected' },
      };
      return json(answer.status, answer.body);
    }
    if (url.pathname === '/api/file/') return json(201, { id: 91, name: 'letter.pdf' });
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DecisionModal request={request} opened onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { calls, onClose };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('the decision modal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
  });

  it('lists the decisions open to the caller; Continue needs a decision', async () => {
    setup();
    const group = await screen.findByRole('radiogroup', { name: 'Decision' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(within(group).getByLabelText(/Approve \(Approved\)/)).toBeInTheDocument();
    expect(within(group).getByLabelText(/Reject \(Rejected\)/)).toBeInTheDocument();
    expect(within(group).getByLabelText(/Request Revisions \(Revisions Requested\)/)).toBeInTheDocument();
    expect(screen.getByText('Under Review')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await userEvent.click(within(group).getByLabelText(/Reject \(Rejected\)/));
    expect(continueButton()).toBeEnabled();
  });

  it('says when no decision is open, with Continue disabled', async () => {
    setup({ decisions: decisions({ options: [] }) });
    expect(
      await screen.findByText('No decision can be made on this request in its current status.'),
    ).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  it('shows the pending team gaps when an approval is offered and the team is incomplete', async () => {
    setup({
      decisions: decisions({
        team: {
          complete: false,
          missing: [{ user_id: 12, display_name: 'Cora Coinvestigator', reasons: ['No joinder date'] }],
        },
      }),
    });
    expect(await screen.findByText('The research team is not complete')).toBeInTheDocument();
    expect(screen.getByText('Cora Coinvestigator')).toBeInTheDocument();
    expect(screen.getByText(/No joinder date/)).toBeInTheDocument();
  });

  it('hides the team gaps when the team is complete', async () => {
    setup();
    await screen.findByRole('radiogroup', { name: 'Decision' });
    expect(screen.queryByText('The research team is not complete')).not.toBeInTheDocument();
  });

  it('prefills the e-mail of a required decision, offers no Skip, and disables Send with no recipients', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByLabelText(/Reject \(Rejected\)/));
    await userEvent.click(continueButton());
    const to = await screen.findByLabelText('To');
    expect(calls.find((call) => call.path === '/api/request/7/decision-email/')?.query.get('status')).toBe(
      '5',
    );
    expect(to).toHaveValue('pat@uni.test');
    expect(screen.getByLabelText('Subject')).toHaveValue('Your request R00007');
    expect(screen.getByLabelText('Message')).toHaveValue('Dear Pat, your request has been decided.');
    expect(screen.queryByRole('button', { name: 'Skip e-mail' })).not.toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeEnabled();
    await userEvent.clear(to);
    expect(send).toBeDisabled();
    expect(screen.getByText('Add at least one recipient to send the e-mail.')).toBeInTheDocument();
    // Spaces and commas both separate addresses.
    await userEvent.type(to, 'pat@uni.test  dean@uni.test,');
    expect(send).toBeEnabled();
  });

  it('sends the decision with its e-mail split into addresses and says Email Sent Successfully', async () => {
    const { calls, onClose } = setup();
    await userEvent.click(await screen.findByLabelText(/Reject \(Rejected\)/));
    await userEvent.click(continueButton());
    const cc = await screen.findByLabelText('Cc');
    await userEvent.type(cc, 'a@uni.test b@uni.test,c@uni.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/request/7/decision/');
    expect(post?.body).toEqual({
      status: 5,
      email: {
        to: ['pat@uni.test'],
        cc: ['a@uni.test', 'b@uni.test', 'c@uni.test'],
        bcc: [],
        subject: 'Your request R00007',
        body: 'Dear Pat, your request has been decided.',
        attachments: [],
      },
    });
    expect(await screen.findByText('Email Sent Successfully')).toBeInTheDocument();
    expect(screen.getByText('The request is now Rejected.')).toBeInTheDocument();
  });

  it('offers Skip e-mail for an optional decision and then sends the status alone', async () => {
    const { calls, onClose } = setup({
      decision: { status: 200, body: { id: 7, status: 6, status_name: 'Revisions Requested' } },
    });
    await userEvent.click(await screen.findByLabelText(/Request Revisions/));
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Skip e-mail' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/request/7/decision/');
    expect(post?.body).toEqual({ status: 6 });
    expect(await screen.findByText('Decision Saved')).toBeInTheDocument();
    expect(screen.queryByText('Email Sent Successfully')).not.toBeInTheDocument();
  });

  it('uploads a dropped attachment as decision_docs of the request and sends its id', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByLabelText(/Reject \(Rejected\)/));
    await userEvent.click(continueButton());
    await screen.findByLabelText('To');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    await screen.findByText('letter.pdf');
    const upload = calls.find((call) => call.path === '/api/file/');
    const form = upload?.body as FormData;
    expect(form.get('type')).toBe('decision_docs');
    expect(form.get('request')).toBe('7');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.path === '/api/request/7/decision/')?.body,
      ).toMatchObject({ status: 5, email: { attachments: [91] } }),
    );
  });

  it('shows the server’s refusal and keeps the composer open', async () => {
    const { onClose } = setup({
      decision: {
        status: 400,
        body: {
          status: ['Rejected cannot be chosen for a request that is Approved.'],
          email: { to: ['Enter a valid email address.'] },
        },
      },
    });
    await userEvent.click(await screen.findByLabelText(/Reject \(Rejected\)/));
    await userEvent.click(continueButton());
    await screen.findByLabelText('To');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert', { name: 'The decision could not be saved' });
    expect(
      within(alert).getByText('Decision: Rejected cannot be chosen for a request that is Approved.'),
    ).toBeInTheDocument();
    expect(within(alert).getByText('To: Enter a valid email address.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
