import { useEffect } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { setWriteGuard } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import classes from './shell.module.css';

/** Calls that belong to the session itself, never asked about. */
const SESSION_CALLS = /\/api\/(post-log|logout|api-token-auth|api-token-verify)\//;

/**
 * While impersonating: the banner with EXIT, and in a production build every write first asks
 * 'WARNING PRODUCTION CHANGE' (foundation §4 Impersonation).
 */
export function ImpersonationBanner() {
  const { impersonating, user, stopImpersonating } = useSession();

  useEffect(() => {
    if (!impersonating || !import.meta.env.PROD) return undefined;
    setWriteGuard(
      (_method, path) =>
        new Promise<boolean>((resolve) => {
          if (SESSION_CALLS.test(path)) return resolve(true);
          modals.openConfirmModal({
            title: 'WARNING PRODUCTION CHANGE',
            children: (
              <Text size="sm">
                You are acting as another user. This change will be saved as theirs. Continue?
              </Text>
            ),
            labels: { confirm: 'Make the change', cancel: 'Cancel' },
            confirmProps: { color: 'red' },
            onConfirm: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    );
    return () => setWriteGuard(async () => true);
  }, [impersonating]);

  if (!impersonating || !user) return null;
  return (
    <div className={classes.impersonation} role="status">
      <Group justify="center" gap="sm">
        <Text size="sm" fw={600}>
          You are acting as {user.full_name || user.email} ({user.email}).
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={700}
          c="dark"
          // The page starts afresh on the staff member's home (or sign-in, once their session ended).
          onClick={() => void stopImpersonating()}
        >
          EXIT
        </Anchor>
      </Group>
    </div>
  );
}
