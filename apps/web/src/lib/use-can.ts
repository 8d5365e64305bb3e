import type { Actor } from '@rrp/domain';
import { useSession } from './session';

/**
 * Whether the signed-in user may do an action on an object. The server computes this per object
 * (the `permissions` of a detail response); the web app never re-derives a rule.
 */
export function useCan(
  object: { permissions?: readonly string[] } | null | undefined,
  action: string,
): boolean {
  return object?.permissions?.includes(action) ?? false;
}

/**
 * The session user in their active role, as the permission table's `can` and `mayAttempt` take
 * it: screens ask the one table what a role may open, before any object is loaded. While a staff
 * member acts as the user, their roles bound what the session may do, as on the server.
 */
export function useActor(): Actor | null {
  const { user, activeRole } = useSession();
  if (!user) return null;
  const actor: Actor = { userId: user.id, role: activeRole, roles: user.roles };
  return user.impersonator
    ? { ...actor, impersonatorId: user.impersonator.id, impersonatorRoles: user.impersonator.roles }
    : actor;
}
