// Request schemas for accounts, shared by the Worker (validation) and the SPA (forms).
// The messages are spec §5's own texts.
import * as z from 'zod';

const noLineBreaks = (value: string) => !/[\r\n]/.test(value);

export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .refine(noLineBreaks, 'Please enter a valid email address')
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z
      .string()
      .max(254, 'Email must be at most 254 characters')
      .pipe(z.email({ error: 'Please enter a valid email address' })),
  );

export const nameSchema = z
  .string({ error: 'Name must be at least 2 characters' })
  .refine(noLineBreaks, 'Name must not contain line breaks')
  .transform((value) => value.trim())
  .pipe(z.string().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'));

export const newPasswordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters');

/**
 * Where to return after signing in: a path in this app ("/feed/3?x=1#y"), never another origin
 * ("//evil.example", "/\\evil.example", "https://…"), so a crafted link cannot send people elsewhere.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  return [...value].some((char) => char.charCodeAt(0) < 0x20) ? null : value;
}

export const loginSchema = z.object({
  username: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Invalid username or password'),
  /** The protected page the person was sent from; echoed as the response's `redirect` (spec §4). */
  redirect: z
    .string()
    .refine((value) => safeReturnPath(value) !== null, 'The return address must be a page of this app')
    .optional(),
});

export const loginFormSchema = z.object({
  username: emailSchema,
  password: z.string().min(6, 'Password must be at least 6 characters'),
});

export const registerSchema = z.object({ name: nameSchema, email: emailSchema });
export const emailOnlySchema = z.object({ email: emailSchema });
export const setPasswordSchema = z.object({
  token: z.string({ error: 'Missing token' }).min(1, 'Missing token').max(200, 'Invalid or expired link'),
  password: newPasswordSchema,
});
export const tokenSchema = z.object({
  token: z.string({ error: 'Missing token' }).min(1, 'Missing token').max(200),
});
/** `switch=1`: the person agreed to leave the account this browser is signed in to (issue 10 L10). */
export const verifyQuerySchema = tokenSchema.extend({ switch: z.literal('1').optional() });
/** The answer of /api/auth/verify when the link is for another account than the signed-in one. */
export const SWITCH_ACCOUNT_MESSAGE =
  'This browser is signed in to another account. Confirm to switch to the account this link is for.';

export const passwordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export type CurrentUser = {
  id: number;
  username: string;
  email: string;
  name: string;
  plan: 'free' | 'pro';
  credits: number;
  isAdmin: boolean;
  /** False for an account made with emailed links only: it proves itself by mail instead (issue 28). */
  hasPassword: boolean;
  /** "Group the same story from different feeds" (issue 24): on by default. */
  groupStories: boolean;
};
