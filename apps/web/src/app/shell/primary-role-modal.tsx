import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, type RoleKey, type SessionUserDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { openErrorModal } from '@/components/modals';
import { meQueryKey } from '@/lib/session';

/** 'Primary Role Update' (foundation §2): a multi-role user without a primary role picks one. */
export function PrimaryRoleModal({ user }: { user: SessionUserDto }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<RoleKey | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await apiFetch(`user/${user.id}/`, { method: 'PATCH', body: { primary_role: role } });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    } catch {
      openErrorModal({
        title: 'Error setting primary',
        children: <Text>Something has gone wrong. Please try again.</Text>,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title="Primary Role Update"
      centered
    >
      <Stack>
        <Text size="sm">
          You hold more than one role. Choose the role you work in most; you can switch at any time.
        </Text>
        <Select
          label="Available Roles"
          placeholder="Choose a role"
          data={user.roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          value={role}
          onChange={(value) => setRole(value as RoleKey | null)}
        />
        <Group justify="flex-end">
          <Button onClick={save} disabled={!role} loading={saving}>
            Make Primary
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
