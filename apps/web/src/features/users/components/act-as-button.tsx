import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useActAs, useMayActAs } from '@/lib/act-as';

/**
 * "Act as this user" on the user page (foundation §6): for staff who may impersonate and may
 * grant every role the account holds (decision 306); the user's home opens in their session.
 */
export function ActAsButton({
  user,
}: {
  user: { id: number; email: string; active: boolean; groups: string[] };
}) {
  const { actAs, busy } = useActAs();
  if (!useMayActAs(user)) return null;
  return (
    <Button
      variant="default"
      loading={busy}
      onClick={() =>
        void actAs(user.email).then(
          (refusal) =>
            refusal &&
            notifications.show({ color: 'red', title: 'Could not act as this user', message: refusal }),
        )
      }
    >
      Act as this user
    </Button>
  );
}
