import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_MESSAGES,
  createNotificationSchema,
  describeStaffNotification,
  type StaffNotification,
} from './notifications';

describe('POST notification/ payloads', () => {
  it('accepts the spec’s staff shape with ids (one or a list) or groups', () => {
    const single = createNotificationSchema.parse({
      recipient_id: 4,
      task_name: 'release_note',
      fields: { version: '2.4.1' },
    });
    expect(single).toMatchObject({ recipient_id: [4] });
    expect(
      createNotificationSchema.safeParse({
        recipient_groups: ['sbso'],
        task_name: 'message',
        fields: { message: 'Hello', redirect: '/request/3' },
      }).success,
    ).toBe(true);
  });

  it('still takes the error report without recipients', () => {
    expect(
      createNotificationSchema.safeParse({ task_name: 'error_report', fields: { notes: 'x' } }).success,
    ).toBe(true);
  });

  it('refuses no recipients, bad versions and links to other sites', () => {
    const issues = (input: object) =>
      createNotificationSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(issues({ task_name: 'release_note', fields: { version: '1.0' } })).toEqual([
      NOTIFICATION_MESSAGES.noRecipients,
    ]);
    for (const version of ['v1', '1..2', '12345678901', '']) {
      expect(issues({ recipient_id: [1], task_name: 'release_note', fields: { version } })).not.toHaveLength(
        0,
      );
    }
    for (const redirect of ['//evil.example', 'https://evil.example', 'release-notes', '/a b']) {
      expect(issues({ recipient_id: [1], task_name: 'message', fields: { message: 'm', redirect } })).toEqual(
        [NOTIFICATION_MESSAGES.inAppPath],
      );
    }
  });
});

describe('describeStaffNotification', () => {
  it('words a release and links to the release notes (decision 106)', () => {
    const release = { task_name: 'release_note', fields: { version: '3.1' } } as StaffNotification;
    expect(describeStaffNotification(release)).toEqual({
      message: 'Release 3.1 is available',
      redirect: '/release-notes',
    });
    const message = { task_name: 'message', fields: { message: 'Hi' } } as StaffNotification;
    expect(describeStaffNotification(message)).toEqual({ message: 'Hi', redirect: null });
  });
});
