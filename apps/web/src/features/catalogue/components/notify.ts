import { notifications, type NotificationData } from '@mantine/notifications';

/** A toast with a named close button and text dark enough to read (WCAG AA). */
export function notify(options: NotificationData) {
  notifications.show({
    ...options,
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
