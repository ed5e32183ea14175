// Every Queue message, as one zod union. A message that does not match is logged and acknowledged:
// retrying it could never succeed. Types are kebab-case verbs (STYLE.md).
import { z } from 'zod';

export const sendEmailMessage = z.object({
  type: z.literal('send-email'),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  userId: z.number().int().nullable().optional(),
});

export const cleanupMessage = z.object({ type: z.literal('cleanup') });

export const jobMessage = z.discriminatedUnion('type', [sendEmailMessage, cleanupMessage]);

export type JobMessage = z.infer<typeof jobMessage>;
export type JobOf<Type extends JobMessage['type']> = Extract<JobMessage, { type: Type }>;
