// Links to a generated image that work from a mail client, which has no session: the digest email
// shows the image served from R2 through the app (issue 11), never a provider's temporary URL. The
// link carries an HMAC of the image's key, so it opens that one image and cannot be guessed for another.
import type { Config } from '../config';
import { timingSafeEqual, toBase64Url } from '../lib/crypto';

const EMAIL_IMAGE_PATH = '/api/email-images/';
const encoder = new TextEncoder();

async function signatureOf(secret: string, imageName: string) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`email-image:${imageName}`)));
}

/** The image's public address for an email: `{APP_URL}/api/email-images/{name}?sig=…`. */
export async function emailImageUrl(config: Pick<Config, 'appUrl' | 'secrets'>, imageName: string) {
  const url = new URL(`${EMAIL_IMAGE_PATH}${imageName}`, config.appUrl);
  url.searchParams.set('sig', toBase64Url(await signatureOf(config.secrets.session, imageName)));
  return url.toString();
}

export async function isSignedImage(config: Pick<Config, 'secrets'>, imageName: string, signature: string) {
  const expected = toBase64Url(await signatureOf(config.secrets.session, imageName));
  return timingSafeEqual(encoder.encode(expected), encoder.encode(signature));
}
