import { describe, expect, it } from 'vitest';
import { isWebhookSecret } from '@rrp/domain';
import { isPublicAddress, webhookUrlProblem } from './address-guard';
import { eventsOf, type AuditedChange } from './events';

const change = (overrides: Partial<AuditedChange>): AuditedChange => ({
  model: 'request',
  objectId: '7',
  action: 'update',
  before: {},
  after: {},
  ...overrides,
});

describe('eventsOf', () => {
  it('makes a status change of a request, and a decision when the new status decides it', () => {
    const review = eventsOf(change({ before: { statusId: 2 }, after: { statusId: 3 } }));
    expect(review.map((event) => event.type)).toEqual(['request.status_changed']);
    expect(review[0]).toMatchObject({
      object: { model: 'request', id: '7' },
      previous: { status: 2, status_name: 'Submitted' },
      current: { status: 3, status_name: 'Under Review' },
    });
    const rejected = eventsOf(change({ before: { statusId: 3 }, after: { statusId: 5 } }));
    expect(rejected.map((event) => event.type)).toEqual(['request.status_changed', 'request.decided']);
    expect(new Set(rejected.map((event) => event.id)).size).toBe(2);
  });

  it('makes nothing of edits that leave the status, or of deletions and other models', () => {
    expect(
      eventsOf(change({ before: { statusId: 2, title: 'a' }, after: { statusId: 2, title: 'b' } })),
    ).toEqual([]);
    expect(eventsOf(change({ action: 'delete', before: { statusId: 2 } }))).toEqual([]);
    expect(eventsOf(change({ model: 'project', before: { statusId: 1 }, after: { statusId: 2 } }))).toEqual(
      [],
    );
    expect(eventsOf(change({ model: 'request', action: 'create', after: { statusId: 1 } }))).toEqual([]);
  });

  it("follows an RDA's status in its file, with the institution it belongs to", () => {
    const [signed] = eventsOf(
      change({
        model: 'file',
        objectId: '40',
        before: { type: 'rda', institutionId: 9, additionalData: { status: 1 } },
        after: { type: 'rda', institutionId: 9, additionalData: { status: 2 } },
      }),
    );
    expect(signed).toMatchObject({
      type: 'rda.status_changed',
      object: { model: 'rda', id: '40' },
      previous: { status: 1, status_name: 'Signature Needed' },
      current: { status: 2, status_name: 'Awaiting Execution', institution_id: 9 },
    });
    const irb = change({
      model: 'file',
      before: { type: 'irb', additionalData: { status: 1 } },
      after: { type: 'irb', additionalData: { status: 2 } },
    });
    expect(eventsOf(irb)).toEqual([]);
  });

  it('releases a dataset version when it becomes available with a release date, once', () => {
    const hidden = { available: false, releaseDate: '2026-01-01', datasetId: 'u', version: 2 };
    const shown = { ...hidden, available: true };
    expect(eventsOf(change({ model: 'dataset', before: hidden, after: shown }))[0]).toMatchObject({
      type: 'dataset.released',
      previous: { available: false },
      current: { available: true, dataset_id: 'u', version: 2, release_date: '2026-01-01' },
    });
    expect(eventsOf(change({ model: 'dataset', action: 'create', after: shown }))[0]?.previous).toBeNull();
    expect(eventsOf(change({ model: 'dataset', before: shown, after: { ...shown, name: 'x' } }))).toEqual([]);
    expect(eventsOf(change({ model: 'dataset', before: hidden, after: { ...hidden, name: 'x' } }))).toEqual(
      [],
    );
  });
});

describe('the address guard', () => {
  it('counts only public unicast addresses as public', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.16.4.4',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '0.0.0.0',
      '::ffff:127.0.0.1',
      // ::/96, IPv4-compatible (issue 29): refused whatever IPv4 address they embed.
      '::127.0.0.1',
      '::7f00:1',
      '::169.254.169.254',
      '::10.0.0.1',
      '::8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('wants https in production and public addresses unless private ones are allowed', async () => {
    const production = { requireHttps: true, allowPrivateAddresses: false };
    expect(await webhookUrlProblem('http://93.184.216.34/hook', production)).toBe(
      'Webhook URLs must use https.',
    );
    expect(await webhookUrlProblem('https://93.184.216.34/hook', production)).toBeNull();
    expect(await webhookUrlProblem('https://169.254.169.254/latest', production)).toBe(
      'Webhook URLs may not point at loopback, private or link-local addresses.',
    );
    expect(
      await webhookUrlProblem('http://[::1]:3000/', { requireHttps: false, allowPrivateAddresses: false }),
    ).toMatch(/may not point/);
    expect(
      await webhookUrlProblem('http://[::127.0.0.1]/', { requireHttps: false, allowPrivateAddresses: false }),
    ).toMatch(/may not point/);
    expect(
      await webhookUrlProblem('http://127.0.0.1:3000/', { requireHttps: false, allowPrivateAddresses: true }),
    ).toBeNull();
  });
});

describe('webhook secrets', () => {
  it('are whsec_ and base64 of 24 to 64 bytes', () => {
    const of = (bytes: number) => `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`;
    expect(isWebhookSecret(of(24))).toBe(true);
    expect(isWebhookSecret(of(32))).toBe(true);
    expect(isWebhookSecret(of(64))).toBe(true);
    expect(isWebhookSecret(of(23))).toBe(false);
    expect(isWebhookSecret(of(65))).toBe(false);
    expect(isWebhookSecret(of(32).replace('whsec_', ''))).toBe(false);
    expect(isWebhookSecret('whsec_not base64 at all!!')).toBe(false);
  });
});
