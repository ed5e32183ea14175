// Admin tools (spec §2 /admin, issue 5), shared by the Worker and the SPA.
import * as z from 'zod';
import { emailSchema } from './auth';

export const clearGenerationsSchema = z.object({ email: emailSchema });

/** Per call: a mistyped or stolen admin session cannot mint a fortune in one request (issue 10 M2). */
export const MAX_CREDITS_PER_GRANT = 100;

export const addCreditsSchema = z.object({
  email: emailSchema,
  amount: z
    .number({ error: 'Amount must be a whole number' })
    .int('Amount must be a whole number')
    .min(-MAX_CREDITS_PER_GRANT, `Amount must be between -${MAX_CREDITS_PER_GRANT} and ${MAX_CREDITS_PER_GRANT}`)
    .max(MAX_CREDITS_PER_GRANT, `Amount must be between -${MAX_CREDITS_PER_GRANT} and ${MAX_CREDITS_PER_GRANT}`)
    .refine((amount) => amount !== 0, 'Amount must not be zero'),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required')
    .max(200, 'Reason is too long'),
});
