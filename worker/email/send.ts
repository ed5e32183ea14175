// The one way to send an email, through the transport of the service context (transports.ts).
// Every message is recorded in `emails` (who, to whom, what, when); only the outbox keeps its body.
// A message with an idempotency key is sent once: a redelivered job finds it sent and stops, and Resend
// gets the key too, so two deliveries racing each other still make one mail.
import { recordEmail, wasEmailSent } from '../db/emails';
import { log } from '../lib/log';
import type { Services } from '../services';
import type { Deliverable, MailTransport } from './transports';

export type OutgoingEmail = Deliverable & {
  kind: string;
  userId?: number | null;
  /** What the mail is about, e.g. "generation:12". */
  about?: string | null;
};

let announced = false;

/**
 * Says once per isolate (the nearest a Worker has to start-up) which transport carries mail, and loudly
 * when it cannot reach people: every send then fails with the same reason.
 */
export function announceMailTransport(mail: MailTransport) {
  if (announced) return;
  announced = true;
  if (mail.problem) log.error('mail.transport_unusable', { transport: mail.name, problem: mail.problem });
  else log.info('mail.transport', { transport: mail.name });
}

/** Sends the message, or does nothing when its idempotency key was already sent; true if it sent. */
export async function sendEmail({ db, mail }: Pick<Services, 'db' | 'mail'>, message: OutgoingEmail): Promise<boolean> {
  if (message.idempotencyKey && (await wasEmailSent(db, message.idempotencyKey))) return false;
  const transport = mail.name;
  const record = {
    userId: message.userId ?? null,
    to: message.to,
    subject: message.subject,
    kind: message.kind,
    about: message.about ?? null,
    transport,
    createdAt: new Date(),
  };
  try {
    if (mail.problem) throw new Error(`No transport can deliver this mail: ${mail.problem}`);
    await mail.deliver(message);
  } catch (error) {
    await recordEmail(db, { ...record, status: 'failed', error: String(error).slice(0, 500) });
    throw error;
  }
  const body = transport === 'outbox' ? { text: message.text, html: message.html } : {};
  // Two deliveries racing past the check above: the unique key lets one row in; Resend sent once.
  await recordEmail(db, { ...record, ...body, status: 'sent', idempotencyKey: message.idempotencyKey ?? null });
  return true;
}
