import { z } from 'zod';
import { MESSAGES } from './messages';
import { emailSchema } from './common';

/** POST api-token-auth/: sign in (foundation §3 "Login payload"). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired })
    .max(256),
  agreed_to_terms: z.boolean().optional(),
  recaptcha: z.string().max(4096).optional(),
  is_v2: z.boolean().optional(),
});
export type Login = z.infer<typeof loginSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });

export const tokenVerifySchema = z.object({ token: z.string().min(1).max(4096) });
