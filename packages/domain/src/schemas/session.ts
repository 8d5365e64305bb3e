import { z } from 'zod';
import { ROLE_KEYS } from '../constants/roles';

export const roleKeySchema = z.enum(ROLE_KEYS);

/** GET user/me/: the session user (foundation §3 "Session user"). */
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  emails: z.array(z.string()),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  primary_role: roleKeySchema.nullable(),
  roles: z.array(roleKeySchema),
  groups: z.array(z.string()),
  institutionId: z.number().nullable(),
  userInstitutionId: z.number().nullable(),
  abn_approved: z.boolean(),
  suspended_request: z.number().nullable(),
  /**
   * While a staff member acts as this user: who they are and the roles they hold. The session may
   * do only what both may do (decision 108), so screens ask the table with both.
   */
  impersonator: z
    .object({ id: z.number(), email: z.string(), roles: z.array(roleKeySchema) })
    .nullable()
    .optional(),
});
export type SessionUserDto = z.infer<typeof sessionUserSchema>;
