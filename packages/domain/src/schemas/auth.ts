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

/**
 * POST api-token-auth/ takes either a sign-in or, with `token`, a staff member's request to act
 * as the user with `email` (foundation §3 "Impersonation variant").
 */
export const tokenAuthSchema = z
  .object({
    email: emailSchema,
    password: z.string().max(256).optional(),
    token: z.string().min(1).max(4096).optional(),
    agreed_to_terms: z.boolean().optional(),
    recaptcha: z.string().max(4096).optional(),
    is_v2: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.token && !input.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordRequired });
    }
  });
export type TokenAuth = z.infer<typeof tokenAuthSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });

export const tokenVerifySchema = z.object({ token: z.string().min(1).max(4096) });
