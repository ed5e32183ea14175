// The one way to send an email. The transport comes from configuration: `outbox` keeps the message in
// D1 for the development mailbox, `resend` uses Resend's HTTP API, `cloudflare` the send_email binding.
// Every message is recorded in `emails`; only the outbox keeps its body.
import { emails } from '../../schema';
import type { Db } from '../db/client';
import { type Bindings, isDevelopment } from '../env';
import { buildMime } from './mime';
import type { RenderedEmail } from './templates';

export type Transport = 'outbox' | 'resend' | 'cloudflare';
export type OutgoingEmail = RenderedEmail & { to: string; kind: string; userId?: number | null };

export function chooseTransport(env: Bindings): Transport {
  const named = env.EMAIL_TRANSPORT?.trim();
  if (named === 'outbox' || named === 'resend' || named === 'cloudflare') return named;
  if (isDevelopment(env)) return 'outbox';
  return env.RESEND_API_KEY ? 'resend' : 'cloudflare';
}

async function sendWithResend(env: Bindings, message: OutgoingEmail) {
  if (!env.RESEND_API_KEY) throw new Error('RESEND_API_KEY is not set');
  const base = env.RESEND_BASE_URL || 'https://api.resend.com';
  const response = await fetch(`${base}/emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.RESEND_API_KEY}`, 'content-type': 'application/json' },
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

export async function sendEmail(env: Bindings, db: Db, message: OutgoingEmail) {
  const transport = chooseTransport(env);
  const record = {
    userId: message.userId ?? null,
    to: message.to,
    subject: message.subject,
    kind: message.kind,
    transport,
    createdAt: new Date(),
  };
  try {
    if (transport === 'resend') await sendWithResend(env, message);
    else if (transport === 'cloudflare') await sendWithBinding(env, message);
  } catch (error) {
    await db.insert(emails).values({ ...record, status: 'failed', error: String(error).slice(0, 500) });
    throw error;
  }
  const body = transport === 'outbox' ? { text: message.text, html: message.html } : {};
  await db.insert(emails).values({ ...record, ...body, status: 'sent' });
}
