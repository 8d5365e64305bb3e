import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  irbNeedsUpdate,
  isRenewalSubmission,
  renewalWindowOpen,
  renewedExpiration,
  requestExpiryState,
  RENEWAL_MESSAGES,
} from './renewal-rules';

const now = new Date('2026-01-31T12:00:00Z');

describe('request expiry rules (staff §4.4, §9)', () => {
  it('extends a renewed request to today plus 365*3 days', () => {
    expect(renewedExpiration(now).toISOString()).toBe('2029-01-30T12:00:00.000Z');
  });

  it('is expired once the date has passed, expiring within six months, else valid', () => {
    expect(requestExpiryState(null, now)).toBe('none');
    expect(requestExpiryState('not a date', now)).toBe('none');
    expect(requestExpiryState('2026-01-31T11:59:59Z', now)).toBe('expired');
    expect(requestExpiryState('2026-02-01T00:00:00Z', now)).toBe('expiring');
    expect(requestExpiryState(addMonthsUtc(now, 6), now)).toBe('expiring');
    expect(requestExpiryState(new Date(addMonthsUtc(now, 6).getTime() + 1), now)).toBe('valid');
  });

  it('opens the renewal window for expiring and expired requests only', () => {
    expect(renewalWindowOpen('2025-06-01T00:00:00Z', now)).toBe(true);
    expect(renewalWindowOpen('2026-05-01T00:00:00Z', now)).toBe(true);
    expect(renewalWindowOpen('2027-05-01T00:00:00Z', now)).toBe(false);
    expect(renewalWindowOpen(null, now)).toBe(false);
  });

  it('flags IRBs whose renewal date has passed or comes within 60 days', () => {
    expect(irbNeedsUpdate('2026-03-31', now)).toBe(true);
    expect(irbNeedsUpdate('2026-04-02', now)).toBe(false);
    expect(irbNeedsUpdate('2025-12-01', now)).toBe(true);
    expect(irbNeedsUpdate(null, now)).toBe(false);
  });

  it('sends a Research Match application back to Submitted from Approved or Fulfilled only', () => {
    expect(isRenewalSubmission(4, 2)).toBe(true);
    expect(isRenewalSubmission(7, 2)).toBe(true);
    expect(isRenewalSubmission(7, 3)).toBe(false);
    expect(isRenewalSubmission(5, 2)).toBe(false);
  });

  it('words the expiry notices as the spec does', () => {
    expect(RENEWAL_MESSAGES.sunsetExpired('01/15/2026')).toBe('Your sunset date expired on 01/15/2026');
    expect(RENEWAL_MESSAGES.irbExpired('01/15/2026')).toBe('Your IRB document expired on 01/15/2026');
  });
});
