// Item bodies are kept deflated (issue 30: D1's 1 TB an account at workload B). An item's content is
// most of its row (the bench's feeds: 1,288 of 1,770 bytes) and HTML deflates to about 2/5 of itself.
// A stored value is text (a short body, where deflate saves little, and every row stored before) or a
// BLOB: the UTF-8 text, raw-deflated (RFC 1951). Readers never see the difference: drizzle's reads and
// writes go through `packedText`, and the raw statements of worker/db/ through packText/unpackText.

import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { customType } from 'drizzle-orm/sqlite-core';

/** Shorter text stays text: deflate's own overhead eats most of what it would save. */
export const MIN_PACKED_CHARS = 200;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The value to store for `text`: deflated when that is smaller by a tenth at least, else the text. */
export function packText(text: string): string | ArrayBuffer {
  if (text.length < MIN_PACKED_CHARS) return text;
  const bytes = encoder.encode(text);
  const packed = deflateRawSync(bytes);
  if (packed.byteLength > bytes.byteLength * 0.9) return text;
  return packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength) as ArrayBuffer;
}

/** `packText`'s value as hex (for a statement's JSON, where SQL's unhex() makes it a BLOB again), or null for text. */
export function packedHex(text: string | null): string | null {
  if (text === null) return null;
  const packed = packText(text);
  if (typeof packed === 'string') return null;
  let hex = '';
  for (const byte of new Uint8Array(packed)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A stored value as text again, whatever D1 hands back for a BLOB (an array of bytes, or a buffer). */
export function unpackText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  const bytes =
    value instanceof ArrayBuffer
      ? new Uint8Array(value)
      : ArrayBuffer.isView(value)
        ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
        : Uint8Array.from(value as number[]);
  return decoder.decode(inflateRawSync(bytes));
}

/** Each hex digit's value by its character code (0-9, a-f, A-F), for unpackHex. */
const HEX_DIGITS = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) {
  HEX_DIGITS[digit.toString(16).charCodeAt(0)] = digit;
  HEX_DIGITS[digit.toString(16).toUpperCase().charCodeAt(0)] = digit;
}

/**
 * Bodies unpacked lately, by their hex, most recent last: inflating is most of what a list's page costs
 * the Worker after D1 (about 15 µs a body, 30 to 45 bodies a page), and the same bodies come back again
 * and again: a reader app polls its streams, the web app reloads its lists, and everyone who follows a
 * feed reads its newest items. The hex is the stored bytes themselves, so an entry can never be stale.
 * Bounded by characters kept (keys and texts), per isolate: about 1.95 bytes a character as kept (the hex
 * one, the text two once it holds a typographic quote or a dash: bench/cache-bytes-workerd.mjs), so 700,000
 * are this cache's 1.36 MB of an isolate's budget (worker/lib/isolate-cache-budget.ts), about 200 bodies.
 */
const unpacked = new Map<string, string>();
export const MOST_UNPACKED_CHARS = 700_000;
let unpackedChars = 0;

/** What the cache of unpacked bodies holds now, in characters (keys and texts): for the tests of its bound. */
export const unpackedCacheChars = () => unpackedChars;

/**
 * A stored BLOB read as SQL's hex() of it, as text again. A statement of many rows reads bodies this way
 * (`packedAsHex`): D1 hands a BLOB back as a JSON array of numbers, about 3.6 characters a byte to send
 * and to parse and an array to build, where hex is 2 characters a byte in one string.
 */
export function unpackHex(hex: string): string {
  const known = unpacked.get(hex);
  if (known !== undefined) {
    // Most recent last: the oldest goes first when the cache is full.
    unpacked.delete(hex);
    unpacked.set(hex, known);
    return known;
  }
  const bytes = new Uint8Array(hex.length >> 1);
  for (let k = 0; k < bytes.length; k++)
    bytes[k] = ((HEX_DIGITS[hex.charCodeAt(2 * k)] ?? 0) << 4) | (HEX_DIGITS[hex.charCodeAt(2 * k + 1)] ?? 0);
  const text = decoder.decode(inflateRawSync(bytes));
  const chars = hex.length + text.length;
  // A body of more than 40,000 characters is rare and would push out dozens of the usual size.
  if (chars > MOST_UNPACKED_CHARS / 25) return text;
  for (const [oldest, itsText] of unpacked) {
    if (unpackedChars + chars <= MOST_UNPACKED_CHARS) break;
    unpacked.delete(oldest);
    unpackedChars -= oldest.length + itsText.length;
  }
  unpacked.set(hex, text);
  unpackedChars += chars;
  return text;
}

/** A text column whose long values are stored deflated (above). */
export const packedText = customType<{ data: string; driverData: string | ArrayBuffer }>({
  dataType: () => 'text',
  toDriver: (text) => packText(text),
  fromDriver: (stored) => unpackText(stored) ?? '',
});
