// The account page's requests (issue 14) and the reader apps' passwords (issue 15), shared by the
// Worker (validation) and the SPA (forms).
import * as z from 'zod';
import { emailSchema, newPasswordSchema } from './auth';

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(256, 'Current password is incorrect'),
  newPassword: newPasswordSchema,
  // Reader apps keep working after a change only if the person says so (issue 28): revoking is the default.
  revokeAppPasswords: z.boolean({ error: 'revokeAppPasswords must be true or false' }).optional(),
});

export const deleteAccountSchema = z.object({
  confirm: z
    .string({ error: "Type your account's email to confirm" })
    .max(254, "Type your account's email to confirm")
    .transform((value) => value.trim().toLowerCase()),
});

export const appPasswordNameSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'))
    .refine((value) => !/[\r\n]/.test(value), 'Name must not contain line breaks'),
});

/**
 * Creating an app password proves the person is the account's owner, not just someone holding its
 * session (issue 28): with the current password, or, for an account without one, with the token of
 * the link just mailed to its address.
 */
export const createAppPasswordSchema = appPasswordNameSchema.extend({
  currentPassword: z.string().max(256, 'Current password is incorrect').optional(),
  token: z.string().max(200, 'This link is invalid or has expired. Please request a new one.').optional(),
});

export type AppPassword = { id: number; name: string; createdAt: string; lastUsedAt: string | null };
/** Only the answer that creates it carries the password: it is never shown again. */
export type CreatedAppPassword = AppPassword & { password: string };

/** A new sign-in address; an account with a password proves it is theirs with the current one. */
export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: z.string().max(256, 'Current password is incorrect').optional(),
});
