// Every Queue message, as one zod union. A message that does not match is logged and acknowledged:
// retrying it could never succeed. Types are kebab-case verbs (STYLE.md).
import * as z from 'zod';
import { idSchema } from '../contracts/ids';

const id = idSchema('Invalid id');
/** Where a walk by id goes on: after this id (0: from the start). */
const cursor = z.number().int().min(0);

export const refreshFeedMessage = z.object({ type: z.literal('refresh-feed'), feedId: id });

/** Several feeds in one message: Queues bill per message (worker/jobs/enqueue-refreshes.ts). */
export const refreshFeedsMessage = z.object({
  type: z.literal('refresh-feeds'),
  feedIds: z.array(id).min(1).max(10),
});

/**
 * One slice of one feed shard's feeds for the cron's pick (worker/db/refresh-leases.ts). A message queued
 * before feeds were sharded has no shard: shard 0, where those feeds are.
 */
export const pickFeedsMessage = z.object({
  type: z.literal('pick-feeds'),
  slice: z.number().int().min(0).max(63),
  shard: z.number().int().min(0).max(8191).default(0),
});

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
  about: z.string().nullable().optional(),
  idempotencyKey: z.string().nullable().optional(),
});

/**
 * Mail about an account (worker/email/account-mail.ts). It names the person by id, or by the email
 * typed into a form (the job finds out whether an account exists); never a link.
 */
export const sendAccountEmailMessage = z.object({
  type: z.literal('send-account-email'),
  kind: z.enum([
    'password_setup',
    'verify',
    'magic_link',
    'password_reset',
    'already_registered',
    'delivery_confirm',
    // `email` is the new address asked for; the person is `userId`.
    'email_change',
    'email_change_notice',
    // To the current address of an account without a password: approve the change to `email` first.
    'email_change_approve',
    // To the current address of an account without a password: the link that creates an app password.
    'app_password_link',
  ]),
  userId: id.optional(),
  email: z.string().max(254).optional(),
  key: z.string().min(1).max(100),
});

/**
 * The daily cleanup: the first job (no `after`) also deletes what expired; a job that could not finish the
 * accounts in its room (auth/account-deletion.ts) queues the next, after the last id of each part it went
 * through (0: none yet; null: that part is done).
 */
export const cleanupMessage = z.object({
  type: z.literal('cleanup'),
  after: z.object({ deletions: cursor.nullable(), tombstones: cursor.nullable() }).optional(),
});

/** Writes an export of a person's data to R2 and mails its link (worker/exports/write-export.ts). */
export const exportAccountMessage = z.object({
  type: z.literal('export-account'),
  userId: id,
  exportId: z.string().regex(/^[a-z2-7]{16}$/),
  /** When it was asked for (epoch ms): its link lasts from then. */
  createdAt: z.number().int().positive(),
});

/** Fills a pending AI generation (worker/ai/generate.ts); a done or failed one is left alone. */
export const generateMessage = z.object({ type: z.literal('generate'), generationId: id });

/** Writes and mails one digest period ("2026-11-22T09:00" in the person's zone, or "manual:<uuid>"). */
export const sendDigestMessage = z.object({
  type: z.literal('send-digest'),
  userId: id,
  period: z.string().min(1).max(100),
});

/** Sets the credits of the next people due to their plan's monthly amount (db/credits.ts resetDueCredits). */
export const resetCreditsMessage = z.object({ type: z.literal('reset-credits') });

export const jobMessage = z.discriminatedUnion('type', [
  refreshFeedMessage,
  refreshFeedsMessage,
  pickFeedsMessage,
  importOpmlMessage,
  sendEmailMessage,
  sendAccountEmailMessage,
  cleanupMessage,
  generateMessage,
  sendDigestMessage,
  resetCreditsMessage,
  exportAccountMessage,
]);

export type JobMessage = z.infer<typeof jobMessage>;
export type JobOf<Type extends JobMessage['type']> = Extract<JobMessage, { type: Type }>;
