import type { Actor } from './actor';
import { CONDITIONS } from './conditions';
import { mayActAsAccount } from './grants';
import { ACTIONS, PERMISSIONS, type Action, type Grant, type Policy, type Subject } from './table';

/** Grants that apply to a caller: `anyone`, plus `signedIn` and the active role's for an actor. */
function grantsFor(actor: Actor | null, subject: Subject, action: Action): Grant[] {
  const policies: Policy[] = [PERMISSIONS.anyone];
  if (actor) policies.push(PERMISSIONS.signedIn);
  if (actor?.role) policies.push(PERMISSIONS[actor.role]);
  return policies.flatMap((policy) => {
    const grant = policy[subject]?.[action];
    return grant === undefined ? [] : [grant];
  });
}

function holds(actor: Actor | null, action: Action, subject: Subject, object?: object): boolean {
  return grantsFor(actor, subject, action).some((grant) => {
    if (grant === true) return true;
    if (!actor || object === undefined) return false;
    const condition = CONDITIONS[grant] as (a: Actor, o: object) => boolean;
    return condition(actor, object);
  });
}

/**
 * The staff member behind an impersonated session, once per role they hold (they may switch to
 * any of them in their own session), or nothing when the session is their own.
 */
function impersonatorsOf(actor: Actor): Actor[] {
  const roles = actor.impersonatorRoles ?? [];
  const base = { userId: actor.impersonatorId!, roles };
  return roles.length ? roles.map((role) => ({ ...base, role })) : [{ ...base, role: null }];
}

/**
 * Passes when the caller passes `check`. An impersonated session holds exactly the user's rights
 * (decision 330) for as long as the staff member behind it may act as the account: in one of their
 * roles they hold the Impersonation grant and may grant every role the account holds now, so the
 * session lends them no right they could not give (decision 306).
 */
function sessionMay(actor: Actor | null, check: (who: Actor | null) => boolean): boolean {
  if (!check(actor)) return false;
  if (actor?.impersonatorId == null) return true;
  return impersonatorsOf(actor).some(
    (staff) => holds(staff, 'create', 'Impersonation') && mayActAsAccount(staff.role, actor.roles),
  );
}

/**
 * May this caller attempt the action at all? Conditional grants count: whether they hold is
 * decided per object by `can`. Routes check this before any object is loaded.
 */
export function mayAttempt(actor: Actor | null, action: Action, subject: Subject): boolean {
  return sessionMay(actor, (who) => grantsFor(who, subject, action).length > 0);
}

/** Does the caller (null when signed out) hold the action on this object? */
export function can(actor: Actor | null, action: Action, subject: Subject, object?: object): boolean {
  return sessionMay(actor, (who) => holds(who, action, subject, object));
}

/** The actions the caller holds on an object: serialised into detail responses for `useCan`. */
export function permissionsFor(actor: Actor | null, subject: Subject, object: object): Action[] {
  return ACTIONS.filter((action) => can(actor, action, subject, object));
}
