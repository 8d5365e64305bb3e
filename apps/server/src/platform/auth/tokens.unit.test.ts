import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

const subject = { id: 7, email: 'ada@example.test', tokenVersion: 2 };

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenService', () => {
  it('verifies its own tokens, again from memory, and refuses a tampered one', async () => {
    const tokens = new TokenService('a-secret-that-is-long-enough-for-hs256', 60);
    const token = await tokens.issue(subject);
    const claims = { user_id: 7, email: 'ada@example.test', ver: 2, exp: expect.any(Number) };
    expect(await tokens.verify(token)).toMatchObject(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, user_id: 8, exp: 4102444800 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    const other = new TokenService('another-secret-that-is-long-enough-too', 60);
    expect(await other.verify(token)).toBeNull();
  });

  it('refuses a token it verified once when it has since expired', async () => {
    const tokens = new TokenService('a-secret-that-is-long-enough-for-hs256', 1);
    const token = await tokens.issue(subject);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    expect(await tokens.verify(token)).toBeNull();
  });
});
