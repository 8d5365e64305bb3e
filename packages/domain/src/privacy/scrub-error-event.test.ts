import { describe, expect, it } from 'vitest';
import { redactPersonalData, scrubErrorEvent } from './scrub-error-event';

describe('error events without personal data', () => {
  it('masks e-mail addresses and tokens in text', () => {
    expect(
      redactPersonalData(
        'duplicate key (email)=(ada.lovelace+x@uni.example.edu) for eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2lnbmF0dXJl',
      ),
    ).toBe('duplicate key (email)=([email]) for [token]');
    expect(redactPersonalData('reset token Q2hvb3NlIGEgbG9uZyByYW5kb20gc3RyaW5nIGhlcmU')).toBe(
      'reset token [token]',
    );
    expect(redactPersonalData('Request 12 failed at step 3')).toBe('Request 12 failed at step 3');
  });

  it('drops the user, breadcrumbs, extra data and everything of the request but its path', () => {
    const event = scrubErrorEvent({
      message: 'failed for grace@example.org',
      exception: { values: [{ type: 'Error', value: 'no row for grace@example.org' }] },
      user: { email: 'grace@example.org', ip_address: '10.0.0.1' },
      request: {
        url: 'https://portal.test/reset-password?token=abc#x',
        headers: { authorization: 'JWT x' },
        cookies: { a: 'b' },
        data: { password: 'p' },
      },
      breadcrumbs: [{ message: 'clicked Grace Hopper' }],
      extra: { body: { email: 'grace@example.org' } },
      tags: { correlation_id: 'abc-123' },
    });
    expect(event).toEqual({
      message: 'failed for [email]',
      exception: { values: [{ type: 'Error', value: 'no row for [email]' }] },
      request: { url: 'https://portal.test/reset-password' },
      tags: { correlation_id: 'abc-123' },
    });
  });
});
