import { Anchor, Box, Burger, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { ROLE_LABELS } from '@rrp/domain';
import { openActAsDialog, useMayImpersonate } from '@/lib/act-as';
import { useSession } from '@/lib/session';
import { navigationFor, viewMenuFor, type Navigation, type NavLink } from '@/lib/navigation';
import { GlobalSearch } from './global-search';
import { Logo } from './logo';
import { NotificationBell } from './notification-bell';
import { PhoneMenu } from './phone-menu';
import { RoleSwitcher } from './role-switcher';
import { useSignOut } from './use-sign-out';
import classes from './shell.module.css';

function ViewMenu({ items }: { items: NavLink[] }) {
  return (
    <Menu position="bottom-start" shadow="md" width={260}>
      <Menu.Target>
        <UnstyledButton className={classes.navLink} aria-label="View menu">
          <Group gap={4} wrap="nowrap">
            View <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function AccountMenu({ nav }: { nav: Navigation }) {
  const { user, activeRole } = useSession();
  const signOut = useSignOut();
  const mayImpersonate = useMayImpersonate();
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton className={classes.navLink}>
          <Group gap={6} wrap="nowrap">
            <IconUserCircle size={22} aria-hidden />
            <Text size="sm" c="white">
              {user?.full_name || user?.email}
            </Text>
            <VisuallyHidden>Account menu</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{activeRole ? ROLE_LABELS[activeRole] : 'No role chosen'}</Menu.Label>
        {nav.profileMenu && (
          <Menu.Item component={Link} to="/my-profile">
            My Profile
          </Menu.Item>
        )}
        {/* Superusers and administrators act as another user by e-mail (foundation §6). */}
        {mayImpersonate && <Menu.Item onClick={openActAsDialog}>Act as a user</Menu.Item>}
        <Menu.Item onClick={signOut}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The header (foundation §2). From the `md` breakpoint up: navigation, search, role switcher, bell
 * and account menu in one row; below it (phones, and tablets, where a staff header does not fit)
 * the logo, the bell and a burger that opens all the rest in the phone menu, so nothing wraps or
 * runs off the screen.
 */
export function SignedInHeader() {
  const { user, activeRole } = useSession();
  const [menuOpened, menu] = useDisclosure(false);

  if (!user) return null;

  const nav = navigationFor(activeRole, user);
  const viewItems = nav.viewMenu ? viewMenuFor(activeRole) : [];

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        <Logo />
        <Group gap="xs" component="nav" aria-label="Main" wrap="nowrap" visibleFrom="md">
          {nav.links.map((link) => (
            <Anchor key={link.to} component={RouterNavLink} to={link.to} className={classes.navLink}>
              {link.label}
            </Anchor>
          ))}
          {viewItems.length > 0 && <ViewMenu items={viewItems} />}
        </Group>
      </Group>
      <Group gap="sm" wrap="nowrap" className={classes.tools}>
        <Group gap="sm" wrap="nowrap" visibleFrom="md" className={classes.tools}>
          {nav.search && <GlobalSearch />}
          <RoleSwitcher />
        </Group>
        {nav.notifications && <NotificationBell />}
        <Box visibleFrom="md">
          <AccountMenu nav={nav} />
        </Box>
        <Burger
          hiddenFrom="md"
          color="white"
          opened={menuOpened}
          onClick={menu.toggle}
          aria-label="Menu"
          aria-expanded={menuOpened}
        />
      </Group>
      <PhoneMenu opened={menuOpened} onClose={menu.close} nav={nav} viewItems={viewItems} />
    </Group>
  );
}
