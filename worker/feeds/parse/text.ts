// Reading values out of the element tree: child look-ups, the text of an element, unescaped HTML inside an
// element turned back into markup, and HTML turned into plain text. Plain text is what titles, authors and
// categories need (the UI shows them as text); summaries and content stay HTML for the sanitiser.

import { escapeAttribute, escapeText } from '../../html/entities';
import { textOfHtml } from '../../html/text';
import { cutText, PLAIN_TEXT_SOURCE_CHARS } from './limits';
import type { XmlElement, XmlNode } from './xml';

export function child(el: XmlElement | null | undefined, name: string): XmlElement | undefined {
  if (!el) return undefined;
  for (const node of el.children) if (typeof node !== 'string' && node.name === name) return node;
  return undefined;
}

export function childrenNamed(el: XmlElement | null | undefined, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  if (!el) return out;
  for (const node of el.children) if (typeof node !== 'string' && node.name === name) out.push(node);
  return out;
}

/** All text below an element, markup dropped (XPath string-value). */
export function textOf(el: XmlElement | null | undefined): string {
  if (!el) return '';
  const kids = el.children;
  if (kids.length === 1 && typeof kids[0] === 'string') return kids[0];
  let out = '';
  for (const node of kids) out += typeof node === 'string' ? node : textOf(node);
  return out;
}

/** Trimmed text of the first child with that name, or null when absent or blank. */
export function childText(el: XmlElement | null | undefined, name: string): string | null {
  const c = child(el, name);
  if (!c) return null;
  const text = textOf(c).trim();
  return text === '' ? null : text;
}

export function hasElementChildren(el: XmlElement): boolean {
  for (const node of el.children) if (typeof node !== 'string') return true;
  return false;
}

/**
 * The HTML an element carries: escaped HTML arrives as text, unescaped HTML ("naked" markup in RSS, Atom
 * type="xhtml") as child elements, which are written back out as markup.
 */
export function htmlOf(el: XmlElement): string {
  return hasElementChildren(el) ? serializeNodes(el.children) : textOf(el);
}

const VOID_HTML = new Set([
  'br',
  'img',
  'hr',
  'wbr',
  'input',
  'col',
  'area',
  'param',
  'embed',
  'source',
  'track',
  'meta',
  'link',
  'base',
]);

export function serializeNodes(nodes: XmlNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += escapeText(node);
      continue;
    }
    const name = node.name.startsWith('xhtml:') ? node.name.slice(6) : node.name;
    out += `<${name}`;
    for (const key in node.attrs) out += ` ${key}="${escapeAttribute(node.attrs[key] ?? '')}"`;
    out += '>';
    if (node.children.length > 0) out += serializeNodes(node.children);
    if (!VOID_HTML.has(name)) out += `</${name}>`;
  }
  return out;
}

/**
 * Text that should be plain but often carries HTML anyway (RSS titles: the spec says nothing, so publishers
 * escape markup and entities in them). Only when it looks like markup or an entity is it treated as HTML,
 * so "a < b" and "AT&T" survive as written.
 */
export function plainText(source: string): string {
  // Only the start of an enormous field can end up in its capped value (limits.ts).
  const text = cutText(source, PLAIN_TEXT_SOURCE_CHARS);
  if (/<[A-Za-z/!]|&(#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/.test(text)) return collapse(textOfHtml(text));
  return collapse(text);
}

/** Collapses XML whitespace only: a no-break or em space in a title is meant. */
export function collapse(text: string): string {
  return text.replace(/[ \t\r\n\f]+/g, ' ').replace(/^ | $/g, '');
}

export function nonEmpty(text: string | null | undefined): string | null {
  if (text == null) return null;
  const t = text.trim();
  return t === '' ? null : t;
}
