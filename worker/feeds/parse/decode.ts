// Bytes to text. The encoding comes from, in order: a byte-order mark or, without one, the pattern of
// zero bytes that UTF-16 and UTF-32 give the ASCII markup a feed starts with (XML 1.0 Appendix F), the
// charset of the HTTP Content-Type (RFC 7303 §3.2: for XML the HTTP charset overrides the document), the
// XML declaration (XML 1.0 §4.3.3), and otherwise UTF-8 (XML 1.0 §4.3.3 and JSON's RFC 8259 §8.1
// default). Feeds often lie about their encoding, so corrections follow the evidence in the bytes:
// - a charset is declared but the bytes are valid UTF-8 with multi-byte sequences and either the charset
//   is single-byte or the bytes are invalid in it (UTF-8 labelled Shift_JIS) → UTF-8;
// - UTF-8 is declared or assumed but the bytes are not UTF-8 → the other declaration, else windows-1252
//   (as browsers read a legacy page), unless most of the high bytes do form UTF-8 (a UTF-8 file with a
//   few damaged bytes, read as UTF-8 with U+FFFD for those).
// Decoding never throws: invalid bytes become U+FFFD. TextDecoder knows the WHATWG labels ("latin1",
// "gb2312", "shift_jis" …); a label it does not know is skipped. WHATWG has no UTF-32, so it is decoded
// here, in all four byte orders of XML 1.0 Appendix F.

import { WINDOWS_1252_C1 } from '../../html/entities';

const BOM_UTF8 = [0xef, 0xbb, 0xbf];

export function decodeFeedBytes(bytes: Uint8Array, httpCharset?: string): string {
  const bom = sniffBom(bytes) ?? sniffWideEncoding(bytes);
  if (bom) return decodeWith(bom, bytes) ?? '';
  const declared = [httpCharset, xmlDeclaredEncoding(bytes)]
    .map((label) => normaliseLabel(label))
    .filter((label): label is string => label !== null);
  const utf8 = tryUtf8(bytes);
  for (const label of declared) {
    if (label === 'utf-8') {
      if (utf8 !== null) return utf8;
      continue;
    }
    if ((label.startsWith('utf-16') || isUtf32(label)) && !looksWide(bytes)) continue;
    if (utf8 !== null && hasHighBytes(bytes) && (isSingleByte(label) || !isValidIn(label, bytes))) return utf8;
    const text = decodeWith(label, bytes);
    if (text !== null) return text;
  }
  if (utf8 !== null) return utf8;
  if (mostlyUtf8(bytes)) return new TextDecoder('utf-8').decode(bytes);
  return decodeWith('windows-1252', bytes) ?? '';
}

function sniffBom(b: Uint8Array): string | null {
  // UTF-32 first: its little-endian mark starts with UTF-16LE's FF FE.
  if (b[0] === 0x00 && b[1] === 0x00 && b[2] === 0xfe && b[3] === 0xff) return 'utf-32be';
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0x00 && b[3] === 0x00) return 'utf-32le';
  if (b[0] === 0x00 && b[1] === 0x00 && b[2] === 0xff && b[3] === 0xfe) return 'utf-32-2143';
  if (b[0] === 0xfe && b[1] === 0xff && b[2] === 0x00 && b[3] === 0x00) return 'utf-32-3412';
  if (b[0] === BOM_UTF8[0] && b[1] === BOM_UTF8[1] && b[2] === BOM_UTF8[2]) return 'utf-8';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  return null;
}

/** Which byte of each group of four is the low byte of an ASCII character, for the UTF-32 byte orders. */
const UTF32_ORDERS: Record<string, number> = { 'utf-32be': 3, 'utf-32le': 0, 'utf-32-2143': 2, 'utf-32-3412': 1 };
const SNIFF_BYTES = 32;

/**
 * UTF-16 or UTF-32 without a byte-order mark, by where the zero bytes fall in the first 32 bytes: a feed
 * starts with ASCII markup ("<?xml", "<rss", whitespace), each character of which is one non-zero byte
 * and one (UTF-16) or three (UTF-32) zero bytes in a fixed place (XML 1.0 Appendix F).
 */
function sniffWideEncoding(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, SNIFF_BYTES) & ~3;
  if (n < 4) return null;
  const zeros = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) if (bytes[i] === 0) (zeros[i & 3] as number)++;
  const groups = n / 4;
  const all = (k: number) => zeros[k] === groups;
  const none = (k: number) => zeros[k] === 0;
  for (const [label, low] of Object.entries(UTF32_ORDERS)) {
    if (none(low) && [0, 1, 2, 3].every((k) => k === low || all(k))) return label;
  }
  if (all(0) && all(2) && none(1) && none(3)) return 'utf-16be';
  if (all(1) && all(3) && none(0) && none(2)) return 'utf-16le';
  return null;
}

function xmlDeclaredEncoding(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, Math.min(bytes.length, 512)));
  const m = /<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return m?.[1];
}

function normaliseLabel(label: string | undefined): string | null {
  if (!label) return null;
  const lower = label
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  if (lower === '') return null;
  if (lower === 'utf8' || lower === 'utf-8' || lower === 'unicode-1-1-utf-8') return 'utf-8';
  if (lower === 'utf-16' || lower === 'utf16' || lower === 'unicode') return 'utf-16le';
  // A declaration names no byte order; without a mark, big-endian (Unicode §3.10, D99).
  if (lower === 'utf-32' || lower === 'utf32' || lower === 'ucs-4' || lower === 'iso-10646-ucs-4') return 'utf-32be';
  return lower;
}

function decodeWith(label: string, bytes: Uint8Array): string | null {
  const low = UTF32_ORDERS[label];
  if (low !== undefined) return decodeUtf32(bytes, low);
  try {
    const skip =
      label === 'utf-8' && bytes[0] === 0xef
        ? 3
        : label.startsWith('utf-16') && bytes[0] !== 0x3c && bytes[0] !== 0
          ? 2
          : 0;
    const decoder = new TextDecoder(label);
    const text = decoder.decode(skip ? bytes.subarray(skip) : bytes);
    return decoder.encoding === 'windows-1252' ? fixC1(text) : text;
  } catch {
    return null;
  }
}

/**
 * Node's TextDecoder decodes windows-1252 (and its aliases latin1, iso-8859-1) as ISO-8859-1, leaving bytes
 * 0x80–0x9F as C1 controls; WHATWG Encoding (and workerd) map them to €, ‘, ’, “ … as browsers do.
 */
function fixC1(text: string): string {
  if (!/[\u0080-\u009f]/.test(text)) return text;
  return text.replace(/[\u0080-\u009f]/g, (c) =>
    String.fromCharCode(WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] ?? c.charCodeAt(0)),
  );
}

/**
 * UTF-32 in the byte order whose ASCII low byte is byte `low` of each four (3: big-endian, 0: little,
 * 2: 2143, 1: 3412). A value that is no Unicode scalar value becomes U+FFFD, as TextDecoder does; the
 * mark is skipped. The text is written as UTF-16LE bytes and read back by TextDecoder in one call.
 */
function decodeUtf32(bytes: Uint8Array, low: number): string {
  // Byte significance for each order: the index within the group of the byte worth 2^24, 2^16, 2^8, 1.
  const order = low === 3 ? [0, 1, 2, 3] : low === 0 ? [3, 2, 1, 0] : low === 2 ? [1, 0, 3, 2] : [2, 3, 0, 1];
  const [b3, b2, b1, b0] = order as [number, number, number, number];
  const units = new Uint8Array(bytes.length); // at most two UTF-16 units (4 bytes) per 4 input bytes
  let out = 0;
  const unit = (u: number) => {
    units[out++] = u & 0xff;
    units[out++] = u >> 8;
  };
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const cp =
      ((bytes[i + b3] as number) * 0x1000000 +
        ((bytes[i + b2] as number) << 16) +
        ((bytes[i + b1] as number) << 8) +
        (bytes[i + b0] as number)) >>>
      0;
    if (i === 0 && cp === 0xfeff) continue;
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) unit(0xfffd);
    else if (cp < 0x10000) unit(cp);
    else {
      unit(0xd800 + ((cp - 0x10000) >> 10));
      unit(0xdc00 + ((cp - 0x10000) & 0x3ff));
    }
  }
  return new TextDecoder('utf-16le').decode(units.subarray(0, out));
}

function tryUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

function hasHighBytes(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] as number) >= 0x80) return true;
  return false;
}

/**
 * Whether the high bytes mostly form UTF-8 sequences: more well-formed multi-byte sequences than bytes
 * that fit none. One stray byte in a UTF-8 feed is damage; "Caf\xe9" is windows-1252.
 */
function mostlyUtf8(bytes: Uint8Array): boolean {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let ok = length > 0 && i + length <= bytes.length;
    for (let k = 1; ok && k < length; k++) ok = ((bytes[i + k] as number) & 0xc0) === 0x80;
    if (ok) {
      valid++;
      i += length;
    } else {
      invalid++;
      i++;
    }
  }
  return valid > invalid;
}

/** Whether the bytes decode without error in `label` (an unknown label counts as valid: nothing to compare). */
function isValidIn(label: string, bytes: Uint8Array): boolean {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true, ignoreBOM: false });
  } catch {
    return true;
  }
  try {
    decoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const isUtf32 = (label: string) => label in UTF32_ORDERS;

/** Whether the bytes look like UTF-16 or UTF-32 at all: ASCII markup in them is mostly zero bytes. */
function looksWide(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 64);
  let zeros = 0;
  for (let i = 0; i < n; i++) if (bytes[i] === 0) zeros++;
  return zeros * 4 >= n;
}

const MULTI_BYTE = /^(utf-|gb|big5|shift|sjis|x-sjis|euc|iso-2022|ks_c|cp9|windows-31j|hz)/;

function isSingleByte(label: string): boolean {
  return !MULTI_BYTE.test(label);
}
