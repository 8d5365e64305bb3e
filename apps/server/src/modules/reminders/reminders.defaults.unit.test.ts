import { describe, expect, it } from 'vitest';
import { REMINDER_KINDS, unknownPlaceholders } from '@rrp/domain';
import { REMINDER_DEFAULTS } from './reminders.defaults';

describe('the default reminders', () => {
  it('use only known placeholders, and each says how to stop reminder e-mails', () => {
    for (const kind of REMINDER_KINDS) {
      const { subject, body } = REMINDER_DEFAULTS[kind];
      expect(unknownPlaceholders(subject + body), kind).toEqual([]);
      expect(body, kind).toContain('You can stop reminder e-mails on My Profile ({link_profile}).');
    }
  });
});
