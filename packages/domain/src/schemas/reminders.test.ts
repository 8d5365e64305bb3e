import { describe, expect, it } from 'vitest';
import { renderReminderTemplate, unknownPlaceholders, updateReminderSettingSchema } from './reminders';

describe('reminder templates', () => {
  it('replace the known placeholders and leave others as written', () => {
    expect(
      renderReminderTemplate('Dear {name}, {count} due in {days} days. {other}', {
        name: 'Ada',
        count: 2,
        days: 3,
      }),
    ).toBe('Dear Ada, 2 due in 3 days. {other}');
  });

  it('name the placeholders that are not known, once each', () => {
    expect(unknownPlaceholders('{name} {nmae} {items} {nmae} {Link}')).toEqual(['nmae']);
  });

  it('take days from 1 to 365 and templates without unknown placeholders', () => {
    expect(updateReminderSettingSchema.safeParse({ after_days: 14, body: 'Hi {name}' }).success).toBe(true);
    expect(updateReminderSettingSchema.safeParse({ after_days: 0 }).success).toBe(false);
    expect(updateReminderSettingSchema.safeParse({ every_days: 366 }).success).toBe(false);
    expect(updateReminderSettingSchema.safeParse({ subject: 'Hi {nobody}' }).success).toBe(false);
    expect(updateReminderSettingSchema.safeParse({ subject: '  ' }).success).toBe(false);
  });
});
