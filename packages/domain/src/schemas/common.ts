import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MESSAGES } from './messages';

export const emailSchema = z
  .string({ error: MESSAGES.blank })
  .trim()
  .max(LIMITS.field.email)
  .email({ error: MESSAGES.invalidEmail });

/** Each password criterion, in the order the registration form lists them as the user types. */
export const PASSWORD_CRITERIA = [
  {
    key: 'length',
    label: `At least ${LIMITS.passwordMinLength} characters`,
    test: (p: string) => p.length >= LIMITS.passwordMinLength,
  },
  { key: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  { key: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { key: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'special', label: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export function passwordMeetsCriteria(password: string): boolean {
  return PASSWORD_CRITERIA.every((criterion) => criterion.test(password));
}

export const passwordSchema = z
  .string({ error: MESSAGES.blank })
  .max(128, { error: MESSAGES.passwordCriteria })
  .refine(passwordMeetsCriteria, { error: MESSAGES.passwordCriteria });

/** mm/dd/yyyy with the month capped at 12 and the day at the month's length (foundation §5). */
export function isValidUsDate(value: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return false;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

export const usDateSchema = z.string().refine(isValidUsDate, { error: MESSAGES.dateFormat });
