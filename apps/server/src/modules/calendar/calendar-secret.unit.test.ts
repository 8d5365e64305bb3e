import { describe, expect, it } from 'vitest';
import { feedSecrets, SECRET_FORMAT } from './calendar-secret';

describe('a calendar feed secret', () => {
  const secrets = feedSecrets('server secret');

  it('is 256 bits of base64url, new each time, and given again by its nonce', () => {
    const first = secrets.fresh();
    const second = secrets.fresh();
    expect(first.secret).toMatch(SECRET_FORMAT);
    expect(second.secret).not.toBe(first.secret);
    expect(secrets.secretOf(first.nonce)).toBe(first.secret);
    expect(secrets.hashOf(first.secret)).toBe(first.hash);
    expect(first.hash).not.toContain(first.secret);
  });

  it('matches only the secret its nonce gives under this server key', () => {
    const { nonce, secret } = secrets.fresh();
    expect(secrets.matches(nonce, secret)).toBe(true);
    expect(secrets.matches(nonce, secrets.fresh().secret)).toBe(false);
    expect(secrets.matches(nonce, 'short')).toBe(false);
    expect(feedSecrets('another server secret').matches(nonce, secret)).toBe(false);
  });
});
