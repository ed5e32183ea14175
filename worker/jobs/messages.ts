// Every Queue message, as one zod union. A message that does not match is logged and acknowledged:
// retrying it could never succeed. Types are kebab-case verbs (STYLE.md).
import { z } from 'zod';

const id = z.number().int().positive();

export const refreshFeedMessage = z.object({ type: z.literal('refresh-feed'), feedId: id });

export const importOpmlMessage = z.object({
  type: z.literal('import-opml'),
  importId: id,
  offset: z.number().int().min(0),
});

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

export const jobMessage = z.discriminatedUnion('type', [
  refreshFeedMessage,
  importOpmlMessage,
  sendEmailMessage,
  cleanupMessage,
]);

export type JobMessage = z.infer<typeof jobMessage>;
export type JobOf<Type extends JobMessage['type']> = Extract<JobMessage, { type: Type }>;
