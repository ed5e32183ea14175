// A minimal RFC 5322 / RFC 2046 multipart/alternative message for the send_email binding.
import { toBase64 } from '../lib/crypto';
import type { RenderedEmail } from './templates';

/** What a transport needs of a message: the rendered mail, the recipient and the idempotency key. */
export type Deliverable = RenderedEmail & { to: string; idempotencyKey?: string | null };

const utf8 = (text: string) => new TextEncoder().encode(text);
const encodeHeader = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${toBase64(utf8(value))}?=`);
const base64Body = (text: string) => (toBase64(utf8(text)).match(/.{1,76}/g) ?? []).join('\r\n');

export function buildMime(from: string, message: Deliverable): string {
  const boundary = `feedloom-${crypto.randomUUID()}`;
  return [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Message-ID: <${crypto.randomUUID()}@feedloom>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Body(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Body(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
