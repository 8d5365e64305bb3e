import { describe, expect, it } from 'vitest';
import { can } from '../permissions';
import {
  RELEASE_NOTE_MESSAGES,
  createReleaseNoteSchema,
  typeableReleaseVersion,
  updateReleaseNoteSchema,
} from './release-notes';

const messagesOf = (input: object) =>
  createReleaseNoteSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('release note version (staff §5)', () => {
  it('takes digits separated by dots, up to 10 characters', () => {
    for (const version of ['1', '2.4', '2.4.1', '10.20.300', '1234567890']) {
      expect(createReleaseNoteSchema.parse({ version })).toEqual({ version, text: '', released: false });
    }
  });

  it("answers 'Required' for a missing or blank version", () => {
    expect(messagesOf({})).toEqual([['version', RELEASE_NOTE_MESSAGES.required]]);
    expect(messagesOf({ version: '   ' })).toEqual([['version', RELEASE_NOTE_MESSAGES.required]]);
  });

  it('refuses letters and other characters', () => {
    for (const version of ['v1', '1.2a', '1-2', '1..2', '.1', '1.', '1 2']) {
      expect(messagesOf({ version })).toEqual([['version', RELEASE_NOTE_MESSAGES.versionFormat]]);
    }
  });

  it('refuses more than 10 characters', () => {
    expect(messagesOf({ version: '1.2.3.4.5.6' })).toEqual([
      ['version', RELEASE_NOTE_MESSAGES.versionTooLong],
    ]);
  });

  it('lets only digits and dots be typed, and no more than 10 of them', () => {
    expect(typeableReleaseVersion('v2.4-beta1')).toBe('2.41');
    expect(typeableReleaseVersion('1.2.3.4.5.6.7')).toBe('1.2.3.4.5.');
    expect(typeableReleaseVersion('')).toBe('');
  });

  it('checks the version of an edit too, and takes an edit of any one field', () => {
    expect(updateReleaseNoteSchema.safeParse({ version: '2.x' }).success).toBe(false);
    expect(updateReleaseNoteSchema.parse({ released: true })).toEqual({ released: true });
    expect(updateReleaseNoteSchema.safeParse({ version: '2', title: 'x' }).success).toBe(false);
  });
});

describe('who sees release notes', () => {
  const researcher = {
    userId: 7,
    role: 'primary_researcher' as const,
    roles: ['primary_researcher' as const],
  };
  const superuser = { userId: 1, role: 'superuser' as const, roles: ['superuser' as const] };

  it('shows released notes to everyone signed in and drafts to superusers only', () => {
    expect(can(researcher, 'read', 'ReleaseNote', { released: true })).toBe(true);
    expect(can(researcher, 'read', 'ReleaseNote', { released: false })).toBe(false);
    expect(can(superuser, 'read', 'ReleaseNote', { released: false })).toBe(true);
    expect(can(null, 'list', 'ReleaseNote')).toBe(false);
  });

  it('lets only superusers write, release and delete', () => {
    for (const action of ['create', 'update', 'delete'] as const) {
      expect(can(superuser, action, 'ReleaseNote')).toBe(true);
      expect(can(researcher, action, 'ReleaseNote')).toBe(false);
      expect(can({ userId: 2, role: 'portal_admin', roles: ['portal_admin'] }, action, 'ReleaseNote')).toBe(
        false,
      );
    }
  });
});
