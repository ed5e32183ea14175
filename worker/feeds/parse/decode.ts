// Bytes to text. The encoding comes from, in order: a byte-order mark, the charset of the HTTP Content-Type
// (RFC 7303 §3.2: for XML the HTTP charset overrides the document), the XML declaration (XML 1.0 §4.3.3),
// and otherwise UTF-8 (XML 1.0 §4.3.3 and JSON's RFC 8259 §8.1 default). Feeds often lie about their
// encoding, so two corrections follow the evidence in the bytes:
// - a single-byte charset is declared but the bytes are valid UTF-8 with multi-byte sequences → UTF-8;
// - UTF-8 is declared or assumed but the bytes are not UTF-8 → the other declaration, or windows-1252 when
//   no valid multi-byte sequence appears at all (a Latin-1 file saved without a declaration).
// Decoding never throws: invalid bytes become U+FFFD. TextDecoder knows the WHATWG labels ("latin1",
// "gb2312", "shift_jis" …); a label it does not know is skipped.

import { WINDOWS_1252_C1 } from '../../html/entities';

const BOM_UTF8 = [0xef, 0xbb, 0xbf];

export function decodeFeedBytes(bytes: Uint8Array, httpCharset?: string): string {
  const bom = sniffBom(bytes);
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
    if (label.startsWith('utf-16') && !looksLikeUtf16(bytes)) continue;
    if (utf8 !== null && hasHighBytes(bytes) && isSingleByte(label)) return utf8;
    const text = decodeWith(label, bytes);
    if (text !== null) return text;
  }
  if (utf8 !== null) return utf8;
  if (declared.length === 0 && !hasValidMultiByteSequence(bytes)) return decodeWith('windows-1252', bytes) ?? '';
  return new TextDecoder('utf-8').decode(bytes);
}

function sniffBom(b: Uint8Array): string | null {
  if (b[0] === BOM_UTF8[0] && b[1] === BOM_UTF8[1] && b[2] === BOM_UTF8[2]) return 'utf-8';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  // XML 1.0 Appendix F: "<?" in UTF-16 without a BOM.
  if (b[0] === 0x00 && b[1] === 0x3c && b[2] === 0x00 && b[3] === 0x3f) return 'utf-16be';
  if (b[0] === 0x3c && b[1] === 0x00 && b[2] === 0x3f && b[3] === 0x00) return 'utf-16le';
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
  return lower;
}

function decodeWith(label: string, bytes: Uint8Array): string | null {
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

function hasValidMultiByteSequence(bytes: Uint8Array): boolean {
  for (let i = 0; i + 1 < bytes.length; i++) {
    const b = bytes[i] as number;
    const next = bytes[i + 1] as number;
    if (b >= 0xc2 && b <= 0xf4 && next >= 0x80 && next <= 0xbf) return true;
  }
  return false;
}

function looksLikeUtf16(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 64);
  let zeros = 0;
  for (let i = 0; i < n; i++) if (bytes[i] === 0) zeros++;
  return zeros * 4 >= n;
}

const MULTI_BYTE = /^(utf-|gb|big5|shift|sjis|x-sjis|euc|iso-2022|ks_c|cp9|windows-31j|hz)/;

function isSingleByte(label: string): boolean {
  return !MULTI_BYTE.test(label);
}
