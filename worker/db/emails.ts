// The record of every mail sent or tried (email/send.ts): who, to whom, what, when; only the development
// outbox keeps bodies, which /dev/mailbox shows.
import { and, desc, eq } from 'drizzle-orm';
import { emails } from '../../schema';
import type { Db } from './client';

export type EmailRecord = typeof emails.$inferInsert;

/** Whether a mail with this idempotency key went out already. */
export async function wasEmailSent(db: Db, idempotencyKey: string) {
  const [row] = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.idempotencyKey, idempotencyKey), eq(emails.status, 'sent')))
    .limit(1);
  return row !== undefined;
}

/** Records a mail; a second "sent" record of the same idempotency key (two deliveries racing) stays out. */
export async function recordEmail(db: Db, record: EmailRecord) {
  await db.insert(emails).values(record).onConflictDoNothing();
}

/** The development outbox, newest first. */
export async function listOutbox(db: Db, limit: number) {
  const rows = await db
    .select({
      id: emails.id,
      to: emails.to,
      subject: emails.subject,
      text: emails.text,
      html: emails.html,
      createdAt: emails.createdAt,
    })
    .from(emails)
    .where(eq(emails.transport, 'outbox'))
    .orderBy(desc(emails.id))
    .limit(limit);
  return rows;
}
