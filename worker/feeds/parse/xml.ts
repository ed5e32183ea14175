// A small, forgiving XML reader that builds just enough of a tree for feeds. It is written for the XML that
// feeds really contain rather than for XML 1.0 conformance:
// - bare "&" and "<" in text stay as text; HTML named entities are decoded (decodeEntities);
// - a stray end tag is ignored, an unclosed element is closed by its parent's end tag, input may stop early;
// - undeclared prefixes are kept as written ("dc:creator" works without xmlns:dc);
// - the DTD is skipped whole: no entity it declares is ever expanded and nothing external is loaded, so
//   "billion laughs" and external-entity documents are inert (XML 1.0 §4.4.3 lets a non-validating parser
//   leave external entities alone; we do the same for internal ones).
// Element names are rewritten to a canonical prefix chosen by namespace URI (see namespaces.ts), so
// parsers can ask for "content:encoded" or "media:content" whatever prefix the feed picked.

import { decodeEntities } from '../../html/entities';
import { StringBuilder } from '../../lib/string-builder';
import { namespaceKey } from './namespaces';
import { OpenElements } from './open-elements';
import { MAX_ITEMS } from './types';

export interface XmlElement {
  /** Canonical name: "title", "atom:link", "media:content"; elements of the root's Atom namespace are bare. */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export interface XmlDocument {
  root: XmlElement | null;
  /** Namespace URI of the root element ("" when none). */
  rootNamespace: string;
  /** True when a "<!DOCTYPE html" or an <html> element was seen. */
  looksLikeHtml: boolean;
  /** True when the input ended with elements still open (a cut-off download). */
  truncated: boolean;
}

const MAX_DEPTH = 256;
/**
 * Elements read from one document. A 4 MiB document of "<x/>" is a million elements, 160 MB of tree;
 * real feeds have far fewer (a 1.6 MB podcast feed about 20,000; 500 items of naked HTML a few dozen
 * each). Past this many the document is read as if the download had stopped there (`truncated`),
 * keeping the items before it: feeds list their newest first, and the refresh keeps the newest 500.
 */
export const MAX_ELEMENTS = 100_000;
/**
 * Attributes kept per element, and namespace declarations read per element, each (a real feed's root
 * declares a dozen); the rest are skipped unread, so neither the tree nor the prefix map grows with them.
 */
export const MAX_ATTRIBUTES = 100;
/**
 * Child elements of one name that an element of the feed's structure (STRUCTURAL: an item, an entry, the
 * channel) keeps; items and entries apart (MAX_ITEMS). The format parsers keep 100 categories and 100
 * enclosures of an item (limits.ts), and find each field by walking the item's children: one item with
 * 100,000 categories built 100,000 elements and walked them for every field (606 ms, 45 MB). The rest
 * are read, so what follows them is found, but kept nowhere.
 */
export const MAX_REPEATED_CHILDREN = 500;
// Whitespace between these is layout, not content; dropping it keeps the tree small.
const STRUCTURAL = new Set([
  'rss',
  'channel',
  'item',
  'feed',
  'entry',
  'rdf:RDF',
  'image',
  'author',
  'source',
  'textinput',
  'textInput',
]);
// HTML elements with no end tag, seen in unescaped HTML inside <description>.
const VOID = new Set(['br', 'img', 'hr', 'wbr', 'input', 'col', 'area', 'param', 'embed']);
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;

export function parseXml(src: string): XmlDocument {
  const len = src.length;
  const top: XmlElement = { name: '#document', attrs: {}, children: [] };
  const open = new OpenElements(top, CONTAINER_KINDS);
  let atomIsPrimary = false;
  let rootNamespace = '';
  let root: XmlElement | null = null;
  let looksLikeHtml = false;
  let stoppedEarly = false;
  let elementsRead = 0;
  // Items and entries read: the format parsers read no more than MAX_ITEMS, so the document is read up
  // to the next one, as if it ended there (building a million items to keep 5,000 took 120 MB).
  let itemsRead = 0;
  // Text of the innermost open element since its last child: one string per run, joined when a child
  // or the end tag comes (text cut by "<", comments or CDATA would otherwise be millions of pieces).
  // Most elements hold one piece of text: it stays a plain string until a second piece comes.
  let text: string | null = null;
  let pieces: StringBuilder | null = null;

  const addText = (value: string) => {
    if (value === '') return;
    if (STRUCTURAL.has(open.current.name) && isBlank(value)) return;
    if (text === null) {
      text = value;
      return;
    }
    if (pieces === null) {
      pieces = new StringBuilder();
      pieces.append(text);
    }
    pieces.append(value);
  };
  const flushText = () => {
    if (text === null) return;
    const value = pieces === null ? text : pieces.toString();
    text = null;
    pieces = null;
    const kids = open.current.children;
    const last = kids.length - 1;
    if (last >= 0 && typeof kids[last] === 'string') kids[last] += value;
    else kids.push(value);
  };

  const canonical = (qname: string, isAttr: boolean): string => {
    const colon = qname.indexOf(':');
    if (colon === -1) {
      if (isAttr) return qname;
      const key = open.prefixes.get('') ?? '';
      return key === '' || (key === 'atom' && atomIsPrimary) ? qname : `${key}:${qname}`;
    }
    const prefix = qname.slice(0, colon);
    if (prefix === 'xml' || prefix === 'xmlns') return qname;
    const key = open.prefixes.get(prefix) ?? prefix;
    const local = qname.slice(colon + 1);
    if (key === '' || (key === 'atom' && atomIsPrimary && !isAttr)) return local;
    return `${key}:${local}`;
  };

  let pos = 0;
  // Where the text not yet added starts: a bare "<" does not end it.
  let textFrom = 0;
  while (pos < len) {
    const lt = src.indexOf('<', pos);
    if (lt === -1) break;
    const c = src.charCodeAt(lt + 1);
    if (c !== 47 && c !== 33 && c !== 63 && !isNameStart(c)) {
      pos = lt + 1;
      continue;
    }
    if (lt > textFrom) addText(decodeEntities(src.slice(textFrom, lt), 'xml'));
    if (c === 47) {
      // End tag.
      const gt = src.indexOf('>', lt + 2);
      const end = gt === -1 ? len : gt;
      // A stray end tag is ignored; text on either side of it stays one string.
      const closes = open.closedBy(src.slice(lt + 2, end).trim());
      if (closes > 0) {
        flushText();
        open.truncate(closes);
      }
      pos = textFrom = end + 1;
      continue;
    }
    if (c === 33) {
      if (src.startsWith('--', lt + 2)) {
        const e = src.indexOf('-->', lt + 4);
        pos = e === -1 ? len : e + 3;
      } else if (src.startsWith('[CDATA[', lt + 2)) {
        const e = src.indexOf(']]>', lt + 9);
        addText(src.slice(lt + 9, e === -1 ? len : e));
        pos = e === -1 ? len : e + 3;
      } else {
        if (/^<!doctype\s+html/i.test(src.slice(lt, lt + 20))) looksLikeHtml = true;
        pos = skipDeclaration(src, lt + 2);
      }
      textFrom = pos;
      continue;
    }
    if (c === 63) {
      const e = src.indexOf('?>', lt + 2);
      pos = textFrom = e === -1 ? len : e + 2;
      continue;
    }
    if (elementsRead >= MAX_ELEMENTS) {
      stoppedEarly = true;
      textFrom = len;
      break;
    }
    elementsRead++;
    // Start tag: name, then attributes up to the unquoted ">".
    let i = lt + 1;
    while (i < len && !isNameEnd(src.charCodeAt(i))) i++;
    const qname = src.slice(lt + 1, i);
    const rawAttrs: [string, string][] = [];
    let selfClosing = false;
    const mark = open.declarationMark();
    let declarations = 0;
    for (;;) {
      while (i < len && isSpace(src.charCodeAt(i))) i++;
      if (i >= len) break;
      const ch = src.charCodeAt(i);
      if (ch === 62) {
        i++;
        break;
      }
      if (ch === 47) {
        i++;
        if (src.charCodeAt(i) === 62) {
          selfClosing = true;
          i++;
          break;
        }
        continue;
      }
      if (ch === 60) break; // "<" inside a tag: the tag was never finished.
      const nameStart = i;
      while (i < len && !isAttrNameEnd(src.charCodeAt(i))) i++;
      const attrName = src.slice(nameStart, i);
      if (attrName === '') {
        i++;
        continue;
      }
      while (i < len && isSpace(src.charCodeAt(i))) i++;
      let value = '';
      if (src.charCodeAt(i) === 61) {
        i++;
        while (i < len && isSpace(src.charCodeAt(i))) i++;
        const q = src.charCodeAt(i);
        if (q === 34 || q === 39) {
          const close = src.indexOf(q === 34 ? '"' : "'", i + 1);
          const end = close === -1 ? len : close;
          value = src.slice(i + 1, end);
          i = end + 1;
        } else {
          const vs = i;
          while (i < len && !isSpace(src.charCodeAt(i)) && src.charCodeAt(i) !== 62) i++;
          value = src.slice(vs, i);
        }
      }
      if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) {
        if (++declarations > MAX_ATTRIBUTES) continue;
        value = decodeEntities(value, 'xml');
        const prefix = attrName === 'xmlns' ? '' : attrName.slice(6);
        open.declare(prefix, namespaceKey(value, prefix));
        if (root === null && open.depth === 1) {
          const colon = qname.indexOf(':');
          if (prefix === (colon === -1 ? '' : qname.slice(0, colon))) rootNamespace = value;
        }
        continue;
      }
      if (rawAttrs.length < MAX_ATTRIBUTES) rawAttrs.push([attrName, decodeEntities(value, 'xml')]);
    }
    pos = textFrom = i;
    if (
      root === null &&
      open.depth === 1 &&
      open.prefixes.get(qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '') === 'atom'
    ) {
      atomIsPrimary = true;
    }
    let attrs = NO_ATTRS;
    if (rawAttrs.length > 0) {
      attrs = {};
      for (const [name, value] of rawAttrs) attrs[canonical(name, true)] = value;
    }
    const element: XmlElement = { name: canonical(qname, false), attrs, children: [] };
    if (element.name === 'html') looksLikeHtml = true;
    const kept = open.depth <= MAX_DEPTH;
    const stays = kept && !selfClosing && !VOID.has(qname);
    if (!stays) open.forgetDeclarations(mark);
    if (!kept) continue;
    if (element.name === 'item' || element.name === 'entry') {
      if (++itemsRead > MAX_ITEMS) {
        stoppedEarly = true;
        textFrom = len;
        break;
      }
      flushText();
      if (!selfClosing) recoverContainer(element.name, open);
    }
    flushText();
    // Past MAX_REPEATED_CHILDREN of its name in an element of the structure, the element is read (its end
    // tag and children still close as they should) but not kept: it is built apart and left behind.
    const repeated =
      STRUCTURAL.has(open.current.name) &&
      element.name !== 'item' &&
      element.name !== 'entry' &&
      open.countChild(element.name) > MAX_REPEATED_CHILDREN;
    if (!repeated) open.current.children.push(element);
    if (root === null && open.depth === 1) root = element;
    if (stays) open.push(element, qname, mark);
  }
  if (textFrom < len) addText(decodeEntities(src.slice(textFrom), 'xml'));
  flushText();
  return { root, rootNamespace, looksLikeHtml, truncated: stoppedEarly || open.depth > 1 };
}

// Where an <item> or <entry> belongs: OpenElements tracks the innermost open one of each kind.
const CONTAINER_KINDS = [new Set(['channel', 'rdf:RDF', 'rss', 'RDF']), new Set(['feed'])];
const CONTAINER_KIND: Record<string, number> = { item: 0, entry: 1 };

/**
 * An <item> or <entry> belongs directly in its channel or feed. When one opens deeper down, an earlier
 * element was left open (an unclosed <itunes:category>, an unclosed previous item): close back to the
 * container so the rest of the feed is not swallowed. Without such a container, nothing changes.
 */
function recoverContainer(name: string, open: OpenElements): void {
  const kind = CONTAINER_KIND[name] as number;
  if ((CONTAINER_KINDS[kind] as Set<string>).has(open.current.name)) return;
  const container = open.innermostOf(kind);
  if (container > 0) open.truncate(container + 1);
}

/** Skips "<!DOCTYPE … [ internal subset ] >" or another "<!…>" declaration; answers the index after it. */
function skipDeclaration(src: string, from: number): number {
  let depth = 0;
  let quote = 0;
  for (let i = from; i < src.length; i++) {
    const ch = src.charCodeAt(i);
    if (quote !== 0) {
      if (ch === quote) quote = 0;
    } else if (ch === 34 || ch === 39) {
      if (depth > 0) quote = ch;
    } else if (ch === 91) depth++;
    else if (ch === 93) depth--;
    else if (ch === 62 && depth <= 0) return i + 1;
  }
  return src.length;
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c > 127;
}

function isNameEnd(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 62 || c === 47 || c === 60;
}

function isAttrNameEnd(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 62 || c === 47 || c === 61 || c === 60;
}
