import { useEffect } from 'react';
import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { ROLE_LABELS } from '@rrp/domain';
import type { Navigation, NavLink as NavTarget } from '@/lib/navigation';
import { openActAsDialog, useMayImpersonate } from '@/lib/act-as';
import { useSession } from '@/lib/session';
import { GlobalSearch } from './global-search';
import { RoleSwitcher } from './role-switcher';
import { useSignOut } from './use-sign-out';

function Links({ label, links }: { label: string; links: NavTarget[] }) {
  const { pathname } = useLocation();
  if (links.length === 0) return null;
  return (
    <Stack gap={2} component="nav" aria-label={label}>
      {links.map((link) => (
        <NavLink
          key={link.to}
          component={RouterNavLink}
          to={link.to}
          label={link.label}
          active={pathname === link.to || pathname.startsWith(`${link.to}/`)}
        />
      ))}
    </Stack>
  );
}

/**
 * The header's content on a phone or tablet (below `md`), in a drawer the burger opens: the role's
 * navigation and View menu, search, role switcher and the account's My Profile, Act as a user
 * (staff who may) and Log out.
 * Choosing a screen closes it.
 */
export function PhoneMenu({
  opened,
  onClose,
  nav,
  viewItems,
}: {
  opened: boolean;
  onClose: () => void;
  nav: Navigation;
  viewItems: NavTarget[];
}) {
  const { user, activeRole } = useSession();
  const signOut = useSignOut();
  const mayImpersonate = useMayImpersonate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    onClose();
  }, [pathname, search, onClose]);

  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" position="right" size="xs" hiddenFrom="md">
      <Stack gap="md">
        <Links label="Main" links={nav.links} />
        {viewItems.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" fw={700} tt="uppercase" c="gray.7" px="sm">
              View
            </Text>
            <Links label="View" links={viewItems} />
          </Stack>
        )}
        {nav.search && <GlobalSearch fill />}
        <RoleSwitcher fill />
        <Divider />
        <Stack gap={2}>
          <Text size="sm" c="gray.7" px="sm">
            {user?.full_name || user?.email}
            {activeRole ? ` · ${ROLE_LABELS[activeRole]}` : ''}
          </Text>
          {nav.profileMenu && <NavLink component={Link} to="/my-profile" label="My Profile" />}
          {mayImpersonate && (
            <NavLink
              component="button"
              type="button"
              label="Act as a user"
              onClick={() => {
                onClose();
                openActAsDialog();
              }}
            />
          )}
          <NavLink component="button" type="button" label="Log out" onClick={signOut} />
        </Stack>
      </Stack>
    </Drawer>
  );
}
