import { lazy } from 'react';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { LazyPart } from '@/components/until-hydrated';
import { useSession } from '@/lib/session';
import { Logo } from './logo';

// The signed-in header (menus, search, role switcher, bell, phone drawer) loads with the first
// signed-in screen: the sign-in page's first load carries none of it (issue 15).
const SignedInHeader = lazy(() => import('./signed-in-header').then((m) => ({ default: m.SignedInHeader })));

/** The header (foundation §2): a visitor sees the logo and Log in; a signed-in person their tools. */
export function Header() {
  const { user } = useSession();
  const logoOnly = (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Logo />
      {!user && (
        <Button component={Link} to="/login" variant="white">
          Log in
        </Button>
      )}
    </Group>
  );
  if (!user) return logoOnly;
  return (
    <LazyPart fallback={logoOnly}>
      <SignedInHeader />
    </LazyPart>
  );
}
