import { lazy, Suspense } from 'react';
import { Anchor, Button, Group, Menu, Select, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { Link, NavLink as RouterNavLink, useNavigate } from 'react-router';
import { ROLE_LABELS, type RoleKey } from '@rrp/domain';
import { PRODUCT_NAME } from '@/lib/config';
import { useSession } from '@/lib/session';
import { navigationFor, viewMenuFor } from '@/lib/navigation';

// Signed-in tools load after the page: the sign-in page's first load carries neither (issue 15).
const NotificationBell = lazy(() =>
  import('./notification-bell').then((m) => ({ default: m.NotificationBell })),
);
const GlobalSearch = lazy(() => import('./global-search').then((m) => ({ default: m.GlobalSearch })));
import classes from './shell.module.css';

function Logo() {
  return (
    <Anchor
      component={Link}
      to="/"
      underline="never"
      className={classes.logo}
      aria-label={`${PRODUCT_NAME} home`}
    >
      <img src="/favicon.svg" alt="" width={30} height={30} />
      <Text fw={700} fz="lg" c="white" visibleFrom="sm">
        {PRODUCT_NAME}
      </Text>
    </Anchor>
  );
}

export function Header() {
  const session = useSession();
  const navigate = useNavigate();
  const { user, activeRole } = session;

  if (!user) {
    return (
      <Group h="100%" px="md" justify="space-between">
        <Logo />
        <Button component={Link} to="/login" variant="white">
          Log in
        </Button>
      </Group>
    );
  }

  const nav = navigationFor(activeRole, user);
  const signOut = async () => {
    await session.signOut();
    navigate('/', { replace: true });
    window.location.reload();
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        <Logo />
        <Group gap="xs" component="nav" aria-label="Main" wrap="nowrap">
          {nav.links.map((link) => (
            <Anchor key={link.to} component={RouterNavLink} to={link.to} className={classes.navLink}>
              {link.label}
            </Anchor>
          ))}
          {nav.viewMenu && (
            <Menu position="bottom-start" shadow="md" width={260}>
              <Menu.Target>
                <UnstyledButton className={classes.navLink} aria-label="View menu">
                  <Group gap={4}>
                    View <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {viewMenuFor(activeRole).map((item) => (
                  <Menu.Item key={item.to} component={Link} to={item.to}>
                    {item.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {nav.search && (
          <Suspense fallback={null}>
            <GlobalSearch />
          </Suspense>
        )}
        {user.roles.length > 1 && (
          <Select
            aria-label="Viewing As"
            placeholder="Viewing As"
            size="xs"
            w={220}
            allowDeselect={false}
            data={user.roles.map((role) => ({ value: role, label: `Viewing As: ${ROLE_LABELS[role]}` }))}
            value={activeRole}
            onChange={(value) => value && session.switchRole(value as RoleKey)}
          />
        )}
        {nav.notifications && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        <Menu position="bottom-end" shadow="md" width={220}>
          <Menu.Target>
            <UnstyledButton className={classes.navLink}>
              <Group gap={6} wrap="nowrap">
                <IconUserCircle size={22} aria-hidden />
                <Text size="sm" c="white" visibleFrom="md">
                  {user.full_name || user.email}
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
            <Menu.Item onClick={signOut}>Log out</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
