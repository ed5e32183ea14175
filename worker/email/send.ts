// The one way to send an email. The transport comes from configuration: `outbox` keeps the message in
// D1 for the development mailbox, `resend` uses Resend's HTTP API, `cloudflare` the send_email binding.
// Every message is recorded in `emails` (who, to whom, what, when); only the outbox keeps its body.
// A message with an idempotency key is sent once: a redelivered job finds it sent and stops, and Resend
// gets the key too, so two deliveries racing each other still make one mail.
import type { Db } from '../db/client';
import { recordEmail, wasEmailSent } from '../db/emails';
import { type Bindings, isDevelopment } from '../env';
import { log } from '../lib/log';
import { buildMime } from './mime';
import type { RenderedEmail } from './templates';

export type Transport = 'outbox' | 'resend' | 'cloudflare';
export type OutgoingEmail = RenderedEmail & {
  to: string;
  kind: string;
  userId?: number | null;
  /** What the mail is about, e.g. "generation:12". */
  about?: string | null;
  idempotencyKey?: string | null;
};

export function chooseTransport(env: Bindings): Transport {
  const named = env.EMAIL_TRANSPORT?.trim();
  if (named === 'outbox' || named === 'resend' || named === 'cloudflare') return named;
  if (isDevelopment(env)) return 'outbox';
  return env.RESEND_API_KEY ? 'resend' : 'cloudflare';
}

/**
 * Why mail cannot reach people in this configuration, or null when it can. Outside development only
 * Resend can: the send_email binding delivers only to addresses verified in the Cloudflare account, and
 * the outbox delivers to nobody (issue 11).
 */
export function transportProblem(env: Bindings): string | null {
  if (isDevelopment(env)) return null;
  const transport = chooseTransport(env);
  if (transport === 'resend') {
    return env.RESEND_API_KEY ? null : 'EMAIL_TRANSPORT is resend but RESEND_API_KEY is not set';
  }
  if (transport === 'cloudflare') {
    return 'the send_email binding only delivers to verified addresses: set RESEND_API_KEY (npx wrangler secret put RESEND_API_KEY)';
  }
  return 'the outbox transport keeps mail in D1 and delivers nothing outside development';
}

let announced = false;

/**
 * Says once per isolate (the nearest a Worker has to start-up) which transport carries mail, and loudly
 * when it cannot reach people: every send then fails with the same reason.
 */
export function announceMailTransport(env: Bindings) {
  if (announced) return;
  announced = true;
  const problem = transportProblem(env);
  if (problem) log.error('mail.transport_unusable', { transport: chooseTransport(env), problem });
  else log.info('mail.transport', { transport: chooseTransport(env) });
}

async function sendWithResend(env: Bindings, message: OutgoingEmail) {
  if (!env.RESEND_API_KEY) throw new Error('RESEND_API_KEY is not set');
  const base = env.RESEND_BASE_URL || 'https://api.resend.com';
  const headers: Record<string, string> = {
    authorization: `Bearer ${env.RESEND_API_KEY}`,
    'content-type': 'application/json',
  };
  if (message.idempotencyKey) headers['idempotency-key'] = message.idempotencyKey;
  const response = await fetch(`${base}/emails`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      from: env.EMAIL_FROM,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`Resend answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}

async function sendWithBinding(env: Bindings, message: OutgoingEmail) {
  const { EmailMessage } = await import('cloudflare:email');
  const from = env.EMAIL_FROM.match(/<([^>]+)>/)?.[1] ?? env.EMAIL_FROM;
  await env.EMAIL.send(new EmailMessage(from, message.to, buildMime(env.EMAIL_FROM, message)));
}

/** Sends the message, or does nothing when its idempotency key was already sent; true if it sent. */
export async function sendEmail(env: Bindings, db: Db, message: OutgoingEmail): Promise<boolean> {
  if (message.idempotencyKey && (await wasEmailSent(db, message.idempotencyKey))) return false;
  const transport = chooseTransport(env);
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
    const problem = transportProblem(env);
    if (problem) throw new Error(`No transport can deliver this mail: ${problem}`);
    if (transport === 'resend') await sendWithResend(env, message);
    else if (transport === 'cloudflare') await sendWithBinding(env, message);
  } catch (error) {
    await recordEmail(db, { ...record, status: 'failed', error: String(error).slice(0, 500) });
    throw error;
  }
  const body = transport === 'outbox' ? { text: message.text, html: message.html } : {};
  // Two deliveries racing past the check above: the unique key lets one row in; Resend sent once.
  await recordEmail(db, { ...record, ...body, status: 'sent', idempotencyKey: message.idempotencyKey ?? null });
  return true;
}
