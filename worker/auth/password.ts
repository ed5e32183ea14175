// Password hashing: PBKDF2-SHA256 through WebCrypto, salted per user and peppered with a secret.
// 100,000 iterations is the most Cloudflare's production runtime accepts (workerd issue 1346: higher
// counts throw there, though local runs allow them), so the cap is enforced here and tested.
// The stored string names algorithm and cost ("pbkdf2-sha256$100000$salt$hash"), so a later, stronger
// scheme can upgrade a hash at the next sign-in (see `needsRehash`).
import { fromBase64Url, randomBytes, timingSafeEqual, toBase64Url } from '../lib/crypto';

export const MAX_PBKDF2_ITERATIONS = 100_000;
export const PBKDF2_ITERATIONS = MAX_PBKDF2_ITERATIONS;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
const ALGORITHM = 'pbkdf2-sha256';
const encoder = new TextEncoder();

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  if (iterations > MAX_PBKDF2_ITERATIONS) {
    throw new Error(`PBKDF2 iterations above ${MAX_PBKDF2_ITERATIONS} fail on Cloudflare Workers`);
  }
  // The pepper goes in through HMAC, so the password's length never matters to PBKDF2 and the secret
  // never appears in the stored string.
  const pepperKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(pepper),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const peppered = await crypto.subtle.sign('HMAC', pepperKey, encoder.encode(password));
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string, iterations = PBKDF2_ITERATIONS) {
  const salt = randomBytes(16);
  const hash = await derive(password, pepper, salt, iterations);
  return `${ALGORITHM}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export function parseHash(stored: string) {
  const [algorithm, iterations, salt, hash] = stored.split('$');
  if (algorithm !== ALGORITHM || !iterations || !salt || !hash) return null;
  return { iterations: Number(iterations), salt: fromBase64Url(salt), hash: fromBase64Url(hash) };
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || !Number.isSafeInteger(parsed.iterations) || parsed.iterations > MAX_PBKDF2_ITERATIONS) return false;
  const candidate = await derive(password, pepper, parsed.salt, parsed.iterations);
  return timingSafeEqual(candidate, parsed.hash);
}

export function needsRehash(stored: string): boolean {
  return parseHash(stored)?.iterations !== PBKDF2_ITERATIONS;
}

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function burnPasswordCheck(password: string, pepper: string) {
  await derive(password, pepper, randomBytes(16), PBKDF2_ITERATIONS);
}
