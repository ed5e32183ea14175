// The account page's requests (issue 14) and the reader apps' passwords (issue 15), shared by the
// Worker (validation) and the SPA (forms).
import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(256, 'Current password is incorrect'),
  newPassword: newPasswordSchema,
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

export type AppPassword = { id: number; name: string; createdAt: string; lastUsedAt: string | null };
/** Only the answer that creates it carries the password: it is never shown again. */
export type CreatedAppPassword = AppPassword & { password: string };

/** A new sign-in address; an account with a password proves it is theirs with the current one. */
export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: z.string().max(256, 'Current password is incorrect').optional(),
});
