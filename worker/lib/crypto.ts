// Small WebCrypto helpers shared by passwords, tokens and sessions.
const encoder = new TextEncoder();

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function digestHex(algorithm: 'SHA-256' | 'MD5', input: string | Uint8Array): Promise<string> {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  const digest = new Uint8Array(await crypto.subtle.digest(algorithm, bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const sha256Hex = (input: string | Uint8Array) => digestHex('SHA-256', input);

/** Compares in time independent of where the inputs differ. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export function randomToken(): string {
  return toBase64Url(randomBytes(32));
}

/** MD5 as hex: only where a protocol demands it (the Fever API's api_key), never to protect a secret. */
// Workers' WebCrypto offers MD5 beyond the standard's algorithms.
export const md5Hex = (text: string) => digestHex('MD5', text);

const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** `length` characters of lower-case base32, 5 random bits each. */
export function randomBase32(length: number): string {
  return Array.from(randomBytes(length), (byte) => BASE32_ALPHABET[byte & 31]).join('');
}
