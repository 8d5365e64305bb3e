import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../support/test';
import { look } from '../support/look';
import { signIn } from '../support/session';
import { sidewaysScroll } from '../support/walk/visit';

/** A system outside the portal receiving its webhooks: keeps each post, answers 204. */
async function startReceiver() {
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/portal-events`,
    received,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

test('a superuser registers a webhook, sends a signed test event and reads the delivery log', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, 'superuser@demo.test');
    await page.getByRole('button', { name: 'View menu' }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add endpoint' });
    // A generated secret is offered, to copy to the receiver before saving.
    const secret = await form.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    await look(page, 'webhooks-form');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    // Nothing chosen and a URL that is not one: the form says what is wrong.
    await form.getByRole('textbox', { name: 'URL' }).fill('ftp://example.org/hook');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Enter a valid URL starting with http:// or https://.')).toBeVisible();
    await expect(form.getByText('Choose at least one event type.')).toBeVisible();

    await form.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description' }).fill('Data warehouse');
    await form.getByRole('checkbox', { name: 'request.decided' }).check();
    await form.getByRole('checkbox', { name: 'dataset.released' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The endpoint is saved.')).toBeVisible();

    const table = page.getByRole('table', { name: 'Webhook endpoints' });
    const row = table.getByRole('row').filter({ hasText: receiver.url });
    await expect(row.getByText('request.decided, dataset.released')).toBeVisible();
    await expect(row.getByText('Nothing sent yet')).toBeVisible();

    // The test event, signed with the secret the receiver was given.
    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Send test event' }).click();
    await expect(page.getByText(`A test event is on its way to ${receiver.url}.`)).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(1);
    const [post] = receiver.received;
    const event = new Webhook(secret).verify(post!.body, post!.headers as Record<string, string>);
    expect(event).toMatchObject({ type: 'webhook.test' });

    // Its row opens on the delivery log.
    const log = page.getByRole('table', { name: /^Deliveries of endpoint/ });
    const delivery = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(delivery.getByText('Delivered')).toBeVisible();
    await expect(delivery.getByText('204', { exact: true })).toBeVisible();
    await expect(row.getByText('204', { exact: true })).toBeVisible();
    await look(page, 'webhooks-log');

    // Switched off, it sends no test events; the secret is kept when left empty.
    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit endpoint' });
    await expect(edit.getByRole('textbox', { name: 'Signing secret' })).toHaveValue('');
    await expect(edit.getByText(`Set: whsec_…${secret.slice(-4)}. Leave empty to keep it.`)).toBeVisible();
    await edit.getByRole('switch', { name: 'Active' }).click({ force: true });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByText('Off', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Send test event' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // On a phone the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table).toBeVisible();
    // The table re-lays itself out after the resize; wait for it rather than read the first frame.
    await expect.poll(() => sidewaysScroll(page)).toBeNull();
    await page.setViewportSize({ width: 1366, height: 900 });

    // Journeys share one server: the endpoint goes, with its log.
    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('The endpoint is deleted.')).toBeVisible();
    await expect(table.getByText(receiver.url)).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
