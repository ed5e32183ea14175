// The mail transports behind one interface, chosen once per request, queue batch or cron run from the
// configuration (services.ts): `outbox` keeps the message in D1 for the development mailbox, `resend`
// uses Resend's HTTP API, `cloudflare` the send_email binding. Recording and idempotency are send.ts's.
import type { Bindings } from '../bindings';
import type { Config, TransportName } from '../config';
import { buildMime, type Deliverable } from './mime';

export type { TransportName } from '../config';
export type { Deliverable } from './mime';

export type MailTransport = {
  name: TransportName;
  /** Why mail cannot reach people through it in this configuration, or null when it can. */
  problem: string | null;
  /** Hands the message over; the outbox has nothing to hand it to (send.ts keeps its body). */
  deliver(message: Deliverable): Promise<void>;
};

export function chooseTransport(config: Config): TransportName {
  const named = config.mail.transport;
  if (named !== '') return named;
  if (config.development) return 'outbox';
  return config.mail.resendApiKey ? 'resend' : 'cloudflare';
}

/**
 * Outside development only Resend can reach people: the send_email binding delivers only to addresses
 * verified in the Cloudflare account, and the outbox delivers to nobody (issue 11).
 */
function transportProblem(config: Config, transport: TransportName): string | null {
  if (config.development) return null;
  if (transport === 'resend') {
    return config.mail.resendApiKey ? null : 'EMAIL_TRANSPORT is resend but RESEND_API_KEY is not set';
  }
  if (transport === 'cloudflare') {
    return 'the send_email binding only delivers to verified addresses: set RESEND_API_KEY (npx wrangler secret put RESEND_API_KEY)';
  }
  return 'the outbox transport keeps mail in D1 and delivers nothing outside development';
}

export function createMailTransport(config: Config, env: Pick<Bindings, 'EMAIL'>): MailTransport {
  const name = chooseTransport(config);
  const problem = transportProblem(config, name);
  const { from } = config.mail;
  const deliver: Record<TransportName, MailTransport['deliver']> = {
    outbox: async () => {},
    resend: async (message) => {
      const { resendApiKey, resendBaseUrl } = config.mail;
      if (!resendApiKey) throw new Error('RESEND_API_KEY is not set');
      const headers: Record<string, string> = {
        authorization: `Bearer ${resendApiKey}`,
        'content-type': 'application/json',
      };
      if (message.idempotencyKey) headers['idempotency-key'] = message.idempotencyKey;
      const response = await fetch(`${resendBaseUrl}/emails`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          html: message.html,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`Resend answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    },
    cloudflare: async (message) => {
      const { EmailMessage } = await import('cloudflare:email');
      const address = from.match(/<([^>]+)>/)?.[1] ?? from;
      await env.EMAIL.send(new EmailMessage(address, message.to, buildMime(from, message)));
    },
  };
  return { name, problem, deliver: deliver[name] };
}
