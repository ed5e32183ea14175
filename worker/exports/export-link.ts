// The link to a finished export of a person's data (issue 29). It is mailed, so it works without a
// session; it opens that one file, carries its own expiry and an HMAC over who, which file and until
// when, so it cannot be stretched, pointed at another file or guessed. The account page shows the same
// link while it lasts.
import type { Config } from '../config';
import { timingSafeEqual, toBase64Url } from '../lib/crypto';

/** How long a finished export can be downloaded: its link and the account page's offer end then. */
export const EXPORT_LINK_MS = 24 * 60 * 60 * 1000;

/** Which export a link opens, and until when (epoch ms). */
export type ExportLink = { userId: number; exportId: string; expiresAt: number };

const encoder = new TextEncoder();

async function signatureOf(secret: string, link: ExportLink) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const text = `account-export:${link.userId}:${link.exportId}:${link.expiresAt}`;
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text))));
}

/** `{APP_URL}/api/exports/{user}/{export}?expires=…&sig=…` */
export async function exportUrl(config: Pick<Config, 'appUrl' | 'secrets'>, link: ExportLink) {
  const url = new URL(`/api/exports/${link.userId}/${link.exportId}`, config.appUrl);
  url.searchParams.set('expires', String(link.expiresAt));
  url.searchParams.set('sig', await signatureOf(config.secrets.session, link));
  return url.toString();
}

/** Whether the link is one we made ('invalid' otherwise, whatever its date) and, if so, still lasts. */
export async function checkExportLink(
  config: Pick<Config, 'secrets'>,
  link: ExportLink,
  signature: string,
  now: number,
): Promise<'valid' | 'expired' | 'invalid'> {
  const expected = await signatureOf(config.secrets.session, link);
  if (!timingSafeEqual(encoder.encode(expected), encoder.encode(signature))) return 'invalid';
  return now < link.expiresAt ? 'valid' : 'expired';
}
