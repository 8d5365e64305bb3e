import { Select } from '@mantine/core';
import { ROLE_LABELS, type RoleKey } from '@rrp/domain';
import { useSession } from '@/lib/session';

/**
 * 'Viewing As' (foundation §2), only for a user with more than one role. In the header it is as
 * wide as its longest choice, so no role is cut short; in the phone menu it fills the width.
 */
export function RoleSwitcher({ fill = false }: { fill?: boolean }) {
  const { user, activeRole, switchRole } = useSession();
  if (!user || user.roles.length < 2) return null;
  const data = user.roles.map((role) => ({ value: role, label: `Viewing As: ${ROLE_LABELS[role]}` }));
  const longest = Math.max(...data.map((option) => option.label.length));
  return (
    <Select
      aria-label="Viewing As"
      placeholder="Viewing As"
      size="xs"
      // Room for the longest label plus the chevron.
      w={fill ? '100%' : `calc(${longest}ch + 2.5rem)`}
      allowDeselect={false}
      data={data}
      value={activeRole}
      onChange={(value) => value && switchRole(value as RoleKey)}
    />
  );
}
