// AES-256-GCM for third-party credentials we must store (WordPress application passwords). The key
// comes from the ENCRYPTION_KEY secret (32 bytes, base64). Additional data binds each ciphertext to its
// row, so a value copied into another row (or another person's) fails to decrypt.
import { fromBase64Url, randomBytes, toBase64 } from './crypto';

const encoder = new TextEncoder();

async function importKey(secret: string) {
  const raw = fromBase64Url(secret.trim().replace(/=+$/, ''));
  if (raw.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Returns "v1.<iv>.<ciphertext>" in base64. */
export async function encryptSecret(secret: string, plaintext: string, boundTo: string) {
  const iv = randomBytes(12);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(boundTo) },
    await importKey(secret),
    encoder.encode(plaintext),
  );
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(data))}`;
}

export async function decryptSecret(secret: string, stored: string, boundTo: string) {
  const [version, iv, data] = stored.split('.');
  if (version !== 'v1' || !iv || !data) throw new Error('Unknown ciphertext format');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: encoder.encode(boundTo) },
    await importKey(secret),
    fromBase64Url(data),
  );
  return new TextDecoder().decode(plain);
}
