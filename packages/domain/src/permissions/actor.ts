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
   * The roles that staff member holds. An impersonated session may do only what both people
   * may do (decision 108); without these roles the staff member's side holds signed-in rights only.
   */
  impersonatorRoles?: readonly RoleKey[];
}
