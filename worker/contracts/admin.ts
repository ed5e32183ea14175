// Admin tools (spec §2 /admin, issue 5), shared by the Worker and the SPA.
import { z } from 'zod';
import { emailSchema } from './auth';

export const clearGenerationsSchema = z.object({ email: emailSchema });

export const addCreditsSchema = z.object({
  email: emailSchema,
  amount: z
    .number({ error: 'Amount must be a whole number' })
    .int('Amount must be a whole number')
    .min(-1000, 'Amount must be between -1000 and 1000')
    .max(1000, 'Amount must be between -1000 and 1000')
    .refine((amount) => amount !== 0, 'Amount must not be zero'),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required')
    .max(200, 'Reason is too long'),
});
