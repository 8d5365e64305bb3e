import { ActionIcon, Button, Group, Indicator, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { NotificationDto } from '@rrp/domain';
import { apiFetch, type ListPage as Page } from '@/lib/api-client';
import { formatDateTime } from '@rrp/domain';

const key = ['notifications'] as const;

/** The bell: the user's notifications, newest first; a click follows its link, Clear All removes them. */
export function NotificationBell() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<Page<NotificationDto>>('notification/', { query: { limit: 50 } }),
    refetchInterval: 60_000,
  });
  const clear = useMutation({
    // The spec's Clear All deletes one by one.
    mutationFn: async (items: NotificationDto[]) => {
      for (const item of items) await apiFetch(`notification/${item.id}/`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const items = data?.results ?? [];

  return (
    <Menu position="bottom-end" shadow="md" width={340}>
      <Menu.Target>
        {/* Named by its content: 'Notifications' and the count it shows (WCAG 2.5.3, label in name). */}
        <ActionIcon variant="subtle" color="white" size="lg">
          <Indicator disabled={items.length === 0} label={items.length} size={16} offset={-2} color="red">
            <IconBell size={20} aria-hidden />
          </Indicator>
          <VisuallyHidden>Notifications</VisuallyHidden>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Group justify="space-between" px="sm" py={4}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {items.length > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={clear.isPending}
              onClick={() => clear.mutate(items)}
            >
              Clear All
            </Button>
          )}
        </Group>
        <Menu.Divider />
        {items.length === 0 ? (
          <Text size="sm" c="gray.7" px="sm" py="xs">
            No notifications
          </Text>
        ) : (
          items.map((item) => (
            <Menu.Item key={item.id} onClick={() => item.redirect && navigate(item.redirect)}>
              <Text size="sm">{item.message}</Text>
              <Text size="xs" c="gray.7">
                {formatDateTime(item.created)}
              </Text>
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
