import { describe, expect, it } from 'vitest';
import { isValidUsDate, loginSchema, passwordMeetsCriteria, passwordSchema, usDateSchema } from './index';

describe('password criteria (foundation §5)', () => {
  it.each([
    ['Abcdefgh1!', true],
    ['Abcdefg1!', false], // 9 characters
    ['abcdefgh1!', false], // no uppercase
    ['ABCDEFGH1!', false], // no lowercase
    ['Abcdefghi!', false], // no digit
    ['Abcdefghi1', false], // no special character
  ])('%s -> %s', (password, ok) => {
    expect(passwordMeetsCriteria(password)).toBe(ok);
  });

  it('answers the spec message', () => {
    const result = passwordSchema.safeParse('short');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password does not satisfy all criteria.');
  });
});

describe('dates (mm/dd/yyyy)', () => {
  it.each([
    ['02/29/2024', true],
    ['02/29/2023', false],
    ['13/01/2024', false],
    ['04/31/2024', false],
    ['12/31/2024', true],
    ['1/5/2024', false],
    ['2024-01-05', false],
  ])('%s -> %s', (value, ok) => {
    expect(isValidUsDate(value)).toBe(ok);
  });

  it('answers the spec message', () => {
    expect(usDateSchema.safeParse('2024-01-05').error?.issues[0]?.message).toBe(
      'Please use the format MM/DD/YYYY',
    );
  });
});

describe('login payload', () => {
  it('needs a valid e-mail and a password, with the spec messages', () => {
    const result = loginSchema.safeParse({ email: 'nope', password: '' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Please enter your password',
    });
  });

  it('trims the e-mail', () => {
    expect(loginSchema.parse({ email: ' a@b.test ', password: 'x' }).email).toBe('a@b.test');
  });
});
