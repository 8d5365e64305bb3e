import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { emailSchema, mayActAsAccount, mayAttempt, MESSAGES } from '@rrp/domain';
import { ApiError } from './api-client';
import { useSession } from './session';
import { useActor } from './use-can';

/**
 * Acting as another user (foundation §6: superusers and administrators, by e-mail): starts the
 * impersonation, which opens the user's home. Answers the reason it was refused, or null.
 */
export function useActAs() {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const actAs = async (email: string): Promise<string | null> => {
    if (!emailSchema.safeParse(email.trim()).success) return MESSAGES.invalidEmail;
    setBusy(true);
    try {
      // Started, the page opens afresh on the user's home: busy until it does.
      await session.impersonate(email.trim());
      return null;
    } catch (caught) {
      setBusy(false);
      return caught instanceof ApiError
        ? (Object.values(caught.fieldErrors)[0] ?? caught.summary)
        : MESSAGES.unexpectedError;
    }
  };
  return { actAs, busy };
}

/** Whether the session may start acting as someone (the permission table's Impersonation grant). */
export function useMayImpersonate(): boolean {
  const actor = useActor();
  const { impersonating } = useSession();
  return !impersonating && mayAttempt(actor, 'create', 'Impersonation');
}

/**
 * Whether the session may act as this account: it may impersonate, and its active role may grant
 * every role the account holds (the grant matrix, decision 306); never one's own account.
 */
export function useMayActAs(account: { id: number; active: boolean; groups: readonly string[] }): boolean {
  const actor = useActor();
  const mayImpersonate = useMayImpersonate();
  return (
    mayImpersonate &&
    account.active &&
    account.id !== actor?.userId &&
    mayActAsAccount(actor?.role ?? null, account.groups)
  );
}

/** The e-mail form of "Act as a user": the superuser home and the staff account menu. */
export function ActAsForm({ onStarted }: { onStarted?: () => void }) {
  const { actAs, busy } = useActAs();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      aria-label="Act as a user"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        void actAs(email).then((refusal) => (refusal ? setError(refusal) : onStarted?.()));
      }}
    >
      <Group align="flex-end">
        <TextInput
          label="User's email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
          data-autofocus
        />
        <Button type="submit" loading={busy}>
          Impersonate
        </Button>
      </Group>
    </form>
  );
}

/** Opens "Act as a user" in a dialog (the staff account menu). */
export function openActAsDialog(): void {
  const id = 'act-as-a-user';
  modals.open({
    modalId: id,
    title: 'Act as a user',
    children: <ActAsForm onStarted={() => modals.close(id)} />,
  });
}
