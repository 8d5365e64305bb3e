import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDefaultNormalizer, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TISSUE_ORDER_MESSAGES, type TissueOrderDto } from '@rrp/domain';
import type { RequestView } from '../api/requests';
import { OrderDetailsTab, PreviousOrdersTab } from './tissue-order-tabs';
import { emptyOrder, newRow, orderDefaults, orderPayload, validateOrder } from './tissue-order-form';
import { ordersTabs, requestTabs } from './request-tab-list';

const sentOrder: TissueOrderDto = {
  id: 9,
  request_id: 4,
  request_type: 'Tissue',
  orderId: 'LOCAL-000003',
  name: 'Dana Receiver',
  email: 'dana@lab.example',
  address_line_1: '1 Lab Way',
  address_line_2: '',
  city: 'Boston',
  state: 'MA',
  postal_code: '02115',
  country: 'United States',
  phone_numbers: ['+1 617 555 0100'],
  donors: { 'ABN-00002': [{ hemisphere: 'Brainstem', description: 'Whole' }] },
  cases: [],
  created_date: '2026-11-20T10:00:00Z',
  modified_date: '2026-11-20T10:00:00Z',
  created_by: { id: 3, display_name: 'Mo Manager' },
};

const tissueRequest = (over: Partial<RequestView> = {}) =>
  ({
    id: 4,
    type: 8,
    status: 4,
    additional_data: { cart: 5 },
    owner: { id: 7, display_name: 'Orla Orderer' },
    bins_data: [],
    ...over,
  }) as unknown as RequestView;

function renderTab(
  request: RequestView,
  canSend: boolean,
  answer: { status: number; body: object },
  owner: object = {},
) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(String(url), 'http://x').pathname;
    if (path === '/api/user/7/') return new Response(JSON.stringify(owner), { status: 200 });
    if (path === '/api/abn_cart/5/')
      return new Response(JSON.stringify({ id: 5, identifiers: ['ABN-00001', 'ABN-00002'] }), {
        status: 200,
      });
    if (path === '/api/abn_bins_upload/' && init?.method !== 'GET')
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    return new Response(JSON.stringify({}), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <OrderDetailsTab request={request} canSend={canSend} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

/** Types into a field at once (paste): the form's many fields stay quick on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, name: RegExp | string, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

async function fillContact() {
  const user = userEvent.setup();
  await fill(user, /^Name/, 'Dana Receiver');
  await fill(user, /^Email/, 'dana@lab.example');
  await fill(user, /^Address line 1/, '1 Lab Way');
  await fill(user, /^City/, 'Boston');
  await fill(user, /^State or province/, 'MA');
  await fill(user, /^Postal code/, '02115');
  await fill(user, /^Country/, 'United States');
  await fill(user, /^Phone number 1/, '+1 617 555 0100');
  await user.click(screen.getByRole('combobox', { name: 'Donor 1' }));
  await user.click(await screen.findByRole('option', { name: 'ABN-00001' }));
  await user.click(screen.getByRole('combobox', { name: 'Hemisphere or tissue' }));
  await user.click(await screen.findByRole('option', { name: 'Left Hemisphere' }));
  await fill(user, 'Description', 'BA9');
  return user;
}

// Filling the whole form in jsdom takes seconds on a shared machine: the two full sends get 30 s.
describe('the tissue order form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form with the server’s messages, each on its field or row', () => {
    const values = { ...emptyOrder(), email: 'nope', rows: [newRow('ABN-1'), newRow()] };
    const errors = validateOrder(4, values);
    expect(errors).toMatchObject({
      name: TISSUE_ORDER_MESSAGES.required,
      email: TISSUE_ORDER_MESSAGES.email,
      city: TISSUE_ORDER_MESSAGES.required,
      'phone_numbers.0': TISSUE_ORDER_MESSAGES.phoneRequired,
      'rows.0.hemisphere': TISSUE_ORDER_MESSAGES.choice,
      'rows.1.donor_hash': 'Choose a donor of the collection.',
    });
  });

  it('groups the rows by donor for abn_bins_upload', () => {
    const rows = [
      { ...newRow('A'), hemisphere: 'Brainstem' as const, description: 'x' },
      { ...newRow('B'), hemisphere: 'Tissue Block' as const, description: '' },
      { ...newRow('A'), hemisphere: 'Left Hemisphere' as const, description: 'y' },
    ];
    const payload = orderPayload(4, { ...emptyOrder(), phone_numbers: [' 123456 ', ''], rows });
    expect(payload).toMatchObject({ request_id: 4, request_type: 'Tissue', phone_numbers: ['123456'] });
    expect(payload.donors).toEqual({
      A: [
        { hemisphere: 'Brainstem', description: 'x' },
        { hemisphere: 'Left Hemisphere', description: 'y' },
      ],
      B: [{ hemisphere: 'Tissue Block', description: '' }],
    });
  });

  it('sends a new order to BINS and says "Order sent to BINS"', async () => {
    const fetch = renderTab(tissueRequest(), true, { status: 201, body: sentOrder });
    const user = await fillContact();
    await user.click(screen.getByRole('button', { name: 'Send Order to BINS' }));
    expect(await screen.findByText(TISSUE_ORDER_MESSAGES.sentTitle)).toBeInTheDocument();
    // The spec's sentence has two spaces after its first full stop; they are kept.
    const verbatim = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(screen.getByText(TISSUE_ORDER_MESSAGES.sent, verbatim)).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).includes('abn_bins_upload'))!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toMatchObject({
      request_id: 4,
      name: 'Dana Receiver',
      donors: { 'ABN-00001': [{ hemisphere: 'Left Hemisphere', description: 'BA9' }] },
    });
  }, 30_000);

  it('shows "Unexpected Error" when BINS cannot take the order, and keeps the form', async () => {
    renderTab(tissueRequest(), true, { status: 503, body: { detail: TISSUE_ORDER_MESSAGES.failed } });
    const user = await fillContact();
    await user.click(screen.getByRole('button', { name: 'Send Order to BINS' }));
    expect(await screen.findByText(TISSUE_ORDER_MESSAGES.failedTitle)).toBeInTheDocument();
    expect(screen.getByText(TISSUE_ORDER_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Dana Receiver');
  }, 30_000);

  it('does not send an incomplete order', async () => {
    const fetch = renderTab(tissueRequest(), true, { status: 201, body: sentOrder });
    await userEvent.click(screen.getByRole('button', { name: 'Send Order to BINS' }));
    expect(await screen.findAllByText(TISSUE_ORDER_MESSAGES.required)).not.toHaveLength(0);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('abn_bins_upload'))).toBe(false);
    // The message about the donors as a whole goes once a row changes.
    expect(screen.getByText(TISSUE_ORDER_MESSAGES.donorsRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Donor 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ABN-00001' }));
    expect(screen.queryByText(TISSUE_ORDER_MESSAGES.donorsRequired)).not.toBeInTheDocument();
  });

  it('edits the previous order, filled in, with PATCH; New Order starts empty', async () => {
    const fetch = renderTab(tissueRequest({ bins_data: [sentOrder] }), true, {
      status: 200,
      body: sentOrder,
    });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Dana Receiver');
    await userEvent.click(screen.getByRole('button', { name: 'Update Order' }));
    await waitFor(() =>
      expect(fetch.mock.calls.find(([url]) => String(url).includes('abn_bins_upload'))?.[1]?.method).toBe(
        'PATCH',
      ),
    );
    await userEvent.click(screen.getByText('New Order'));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Order to BINS' })).toBeInTheDocument();
  });

  it('starts a new order filled from the request and the owner’s profile', async () => {
    const profile = {
      email: 'orla@lab.example',
      full_name: 'Orla Orderer',
      phone_number: '617-555-0101',
      phone_numbers: ['617-555-0101', '617-555-0102'],
      address: '9 Home Street',
      city: 'Cambridge',
      region: 'MA',
      postal_code: '02139',
      country: 'United States',
    };
    // The request's shipping answers come first; the profile fills what they leave out.
    const shipping = {
      full_name: 'Tessa Tissue',
      phone_number: '555-0100',
      address: '1 Lab Way',
      city: 'Boston',
      region: 'MA',
      postal_code: '02115',
      country: 'USA',
    };
    expect(orderDefaults(shipping, profile)).toMatchObject({
      name: 'Tessa Tissue',
      email: 'orla@lab.example',
      address_line_1: '1 Lab Way',
      city: 'Boston',
      state: 'MA',
      postal_code: '02115',
      country: 'USA',
      phone_numbers: ['555-0100', '617-555-0101', '617-555-0102'],
    });
    // No address on the request: the profile's, whole.
    expect(orderDefaults({ cart: 5 }, profile)).toMatchObject({
      name: 'Orla Orderer',
      address_line_1: '9 Home Street',
      city: 'Cambridge',
      postal_code: '02139',
      phone_numbers: ['617-555-0101', '617-555-0102'],
    });
    expect(orderDefaults({}, undefined)).toEqual({ ...emptyOrder(), rows: expect.any(Array) });

    renderTab(tissueRequest(), true, { status: 201, body: sentOrder }, profile);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('orla@lab.example'),
    );
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Orla Orderer');
    expect(screen.getByRole('textbox', { name: /^Address line 1/ })).toHaveValue('9 Home Street');
    expect(screen.getByRole('textbox', { name: /^Phone number 2/ })).toHaveValue('617-555-0102');
  });

  it('shows readers the current order read-only, and the list of orders', () => {
    renderTab(tissueRequest({ bins_data: [sentOrder] }), false, { status: 200, body: {} });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('LOCAL-000003')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Brainstem')).toBeInTheDocument();
    render(
      <MantineProvider env="test">
        <PreviousOrdersTab request={tissueRequest({ bins_data: [sentOrder] })} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: /Order LOCAL-000003/ })).toBeInTheDocument();
  });
});

describe('the order tabs', () => {
  it('appear once approved: the form and list for senders, the orders for other staff once sent; never for researchers (issue 30.9)', () => {
    const approved = { type: 8, status: 4, bins_data: [] as TissueOrderDto[] };
    expect(requestTabs(approved, 'abn_proj_mgr', { orders: ordersTabs(approved, true) })).toContain(
      'previous-orders',
    );
    expect(ordersTabs({ ...approved, status: 3 }, true)).toBe('none');
    expect(ordersTabs(approved, false)).toBe('none');
    const sent = { ...approved, bins_data: [sentOrder] };
    expect(requestTabs(sent, 'internal_read_only', { orders: ordersTabs(sent, false) })).toContain('order');
    expect(requestTabs(sent, 'primary_researcher', { orders: ordersTabs(sent, false) })).toEqual([
      'pi',
      'details-team',
      'collection',
      'policy',
    ]);
  });
});
