import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EmailInfoDto } from '@rrp/domain';
import { EmailComposerModal } from './email-composer-modal';

const draft: EmailInfoDto = {
  from: 'Portal <no-reply@portal.test>',
  to: ['olga@harbor.edu'],
  cc: [],
  bcc: [],
  subject: 'Portal: annual researcher review for Harbor University',
  body: 'Dear Olga Official,\n\nThe annual researcher review is due.',
  email_template: 'compliance',
  model_name: 'institution',
  object_ids: [4],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown[] = [];
let answer: () => Response;

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

beforeEach(() => {
  sent = [];
  answer = () => json(201, { id: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      expect(url).toContain('/api/email/?email_type=compliance&model_name=institution&obj_ids=4');
      return json(200, draft);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderComposer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <EmailComposerModal
          institution={{ id: 4, display_name: 'Harbor University' }}
          onClose={() => undefined}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the compliance e-mail composer', () => {
  it('opens with the draft and keeps Send disabled without recipients', async () => {
    renderComposer();
    const to = await screen.findByRole('textbox', { name: 'To' });
    expect(to).toHaveValue('olga@harbor.edu');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(draft.subject);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeEnabled();
    await userEvent.clear(to);
    expect(send).toBeDisabled();
    await userEvent.type(to, ' , ');
    expect(send).toBeDisabled();
  });

  it('sends the e-mail about the institution and shows the success mode', async () => {
    renderComposer();
    const to = await screen.findByRole('textbox', { name: 'To' });
    await userEvent.type(to, ' dean@harbor.edu');
    await userEvent.type(screen.getByRole('textbox', { name: 'Cc' }), 'copy@harbor.edu');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email has been sent')).toBeInTheDocument();
    expect(screen.getByText('Your email was successfully sent.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        to: 'olga@harbor.edu dean@harbor.edu',
        cc: 'copy@harbor.edu',
        bcc: '',
        subject: draft.subject,
        body: draft.body,
        email_template: 'compliance',
        model_name: 'institution',
        object_ids: [4],
      },
    ]);
  });

  it('shows the error mode with the server message, then returns to the e-mail as written', async () => {
    answer = () => json(400, { to: ['Please enter a valid email address.'], correlation_id: 'abc' });
    renderComposer();
    const to = await screen.findByRole('textbox', { name: 'To' });
    await userEvent.clear(to);
    await userEvent.type(to, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Error while sending email')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('To: Please enter a valid email address.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to the e-mail' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('not-an-address'));
  });
});
