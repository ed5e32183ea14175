// Character references and escaping for HTML text (html-tree.ts): decoding as the WHATWG tokenizer does
// (§13.2.5.72–80: numeric references with Windows-1252 fix-ups, named references from the feed parser's
// table, the legacy Latin-1 names that work without ";"), and escaping for writing HTML out again.

import { lookupEntity } from '../feeds/parse/entities';

/** The Latin-1 names that browsers still read without a trailing ";", in code point order from U+00A0. */
const LEGACY_LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute ' +
  'micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig ' +
  'Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash ' +
  'Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc ' +
  'euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml ' +
  'yacute thorn yuml';
const LEGACY = new Map<string, string>([
  ['amp', '&'],
  ['AMP', '&'],
  ['lt', '<'],
  ['LT', '<'],
  ['gt', '>'],
  ['GT', '>'],
  ['quot', '"'],
  ['QUOT', '"'],
  ['COPY', '\u00a9'],
  ['REG', '\u00ae'],
  ...LEGACY_LATIN1.split(' ').map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
]);
/** Numeric references to C1 controls mean Windows-1252 characters (§13.2.5.80). */
const WINDOWS_1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*)(;?))/g;

/** Decodes character references as the HTML tokenizer does, in text or (`attribute`) in attribute values. */
export function decodeEntities(text: string, attribute = false): string {
  if (!text.includes('&')) return text;
  return text.replace(
    REFERENCE,
    (
      match,
      hex: string | undefined,
      dec: string | undefined,
      name: string | undefined,
      semi: string,
      offset: number,
    ) => {
      if (name === undefined) {
        const cp =
          hex !== undefined ? Number.parseInt(hex.slice(0, 8), 16) : Number.parseInt(dec?.slice(0, 8) ?? '', 10);
        if (cp >= 0x80 && cp <= 0x9f) return WINDOWS_1252[cp - 0x80] ?? '\ufffd';
        if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || Number.isNaN(cp)) return '\ufffd';
        return String.fromCodePoint(cp);
      }
      if (semi === ';') {
        const known = LEGACY.get(name) ?? (name === 'apos' ? "'" : lookupEntity(name));
        if (known !== undefined) return known;
      }
      // Without ";", only the legacy names count, as the longest prefix ("&copy2024" is "©2024"); in an
      // attribute a reference followed by a letter, digit or "=" stays literal (a URL's "&copy=1").
      for (let n = Math.min(name.length, 6); n >= 2; n--) {
        const value = LEGACY.get(name.slice(0, n));
        if (value === undefined) continue;
        const after = n < name.length ? name[n] : text[offset + match.length];
        if (attribute && (n < name.length || after === '=')) return match;
        return value + name.slice(n) + semi;
      }
      return match;
    },
  );
}

const TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\u00a0': '&nbsp;',
};
export const escapeText = (text: string) => text.replace(/[&<>\u00a0]/g, (c) => TEXT_ESCAPES[c] ?? c);
export const escapeAttribute = (text: string) => text.replace(/[&<>"\u00a0]/g, (c) => TEXT_ESCAPES[c] ?? c);
