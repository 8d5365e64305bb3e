import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * The modal system (foundation §2): display and error modals, both closed by Escape and the
 * overlay. Work in progress shows in place (a button's loader), not in a modal.
 */
export function openDisplayModal(options: {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  onClose?: () => void;
}) {
  const id = modals.open({
    title: options.title,
    onClose: options.onClose,
    children: (
      <Stack>
        <div>{options.children}</div>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)}>{options.confirmLabel ?? 'Close'}</Button>
        </Group>
      </Stack>
    ),
  });
  return id;
}

export function openErrorModal(options: { title: string; children: ReactNode }) {
  const id = modals.open({
    title: (
      <Text fw={700} c="red.8">
        {options.title}
      </Text>
    ),
    children: (
      <Stack>
        <div role="alert">{options.children}</div>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(id)}>
            Close
          </Button>
        </Group>
      </Stack>
    ),
  });
  return id;
}
