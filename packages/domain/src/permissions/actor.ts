import type { RoleKey } from '../constants/roles';

/**
 * Who is asking: a signed-in user acting in one of their roles. `role` is null for a user
 * who holds several roles and has not chosen a primary one yet: only `signedIn` grants apply.
 */
export interface Actor {
  userId: number;
  role: RoleKey | null;
  roles: readonly RoleKey[];
  /** The staff member acting as this user, while impersonating. */
  impersonatorId?: number | null;
  /**
   * The roles that staff member holds. An impersonated session does what the user may do while one
   * of these roles may act as the account (decision 330); without them it may do nothing.
   */
  impersonatorRoles?: readonly RoleKey[];
}
