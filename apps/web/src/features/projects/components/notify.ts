import { notifications } from '@mantine/notifications';

/** A toast with a named close button and description text dark enough to read (WCAG AA). */
export function notify(options: { title: string; message: string; color?: string }) {
  notifications.show({
    ...options,
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
