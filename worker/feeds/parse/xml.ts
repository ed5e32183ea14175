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
import { namespaceKey } from './namespaces';

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

type Scope = Map<string, string>;

export function parseXml(src: string): XmlDocument {
  const len = src.length;
  const top: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [top];
  const rawNames: string[] = [''];
  const scopes: Scope[] = [new Map()];
  let atomIsPrimary = false;
  let rootNamespace = '';
  let root: XmlElement | null = null;
  let looksLikeHtml = false;
  let pos = 0;

  const addText = (text: string, decode: boolean) => {
    const parent = stack[stack.length - 1] as XmlElement;
    if (STRUCTURAL.has(parent.name) && isBlank(text)) return;
    const value = decode ? decodeEntities(text, 'xml') : text;
    const kids = parent.children;
    const last = kids.length - 1;
    if (last >= 0 && typeof kids[last] === 'string') kids[last] += value;
    else kids.push(value);
  };

  const canonical = (qname: string, scope: Scope, isAttr: boolean): string => {
    const colon = qname.indexOf(':');
    if (colon === -1) {
      if (isAttr) return qname;
      const key = scope.get('') ?? '';
      return key === '' || (key === 'atom' && atomIsPrimary) ? qname : `${key}:${qname}`;
    }
    const prefix = qname.slice(0, colon);
    if (prefix === 'xml' || prefix === 'xmlns') return qname;
    const key = scope.get(prefix) ?? prefix;
    const local = qname.slice(colon + 1);
    if (key === '' || (key === 'atom' && atomIsPrimary && !isAttr)) return local;
    return `${key}:${local}`;
  };

  while (pos < len) {
    const lt = src.indexOf('<', pos);
    if (lt === -1) {
      addText(src.slice(pos), true);
      break;
    }
    if (lt > pos) addText(src.slice(pos, lt), true);
    const c = src.charCodeAt(lt + 1);
    if (c === 47) {
      // End tag.
      const gt = src.indexOf('>', lt + 2);
      const end = gt === -1 ? len : gt;
      closeElement(src.slice(lt + 2, end).trim(), stack, rawNames, scopes);
      pos = end + 1;
      continue;
    }
    if (c === 33) {
      if (src.startsWith('--', lt + 2)) {
        const e = src.indexOf('-->', lt + 4);
        pos = e === -1 ? len : e + 3;
      } else if (src.startsWith('[CDATA[', lt + 2)) {
        const e = src.indexOf(']]>', lt + 9);
        addText(src.slice(lt + 9, e === -1 ? len : e), false);
        pos = e === -1 ? len : e + 3;
      } else {
        if (/^<!doctype\s+html/i.test(src.slice(lt, lt + 20))) looksLikeHtml = true;
        pos = skipDeclaration(src, lt + 2);
      }
      continue;
    }
    if (c === 63) {
      const e = src.indexOf('?>', lt + 2);
      pos = e === -1 ? len : e + 2;
      continue;
    }
    if (!isNameStart(c)) {
      addText('<', false);
      pos = lt + 1;
      continue;
    }
    // Start tag: name, then attributes up to the unquoted ">".
    let i = lt + 1;
    while (i < len && !isNameEnd(src.charCodeAt(i))) i++;
    const qname = src.slice(lt + 1, i);
    const rawAttrs: [string, string][] = [];
    let selfClosing = false;
    let newScope: Scope | null = null;
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
      value = decodeEntities(value, 'xml');
      if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) {
        if (newScope === null) newScope = new Map(scopes[scopes.length - 1]);
        newScope.set(attrName === 'xmlns' ? '' : attrName.slice(6), namespaceKey(value, attrName.slice(6)));
        if (root === null && stack.length === 1) {
          const prefix = qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '';
          if ((attrName === 'xmlns' ? '' : attrName.slice(6)) === prefix) rootNamespace = value;
        }
        continue;
      }
      rawAttrs.push([attrName, value]);
    }
    pos = i;
    const scope = newScope ?? (scopes[scopes.length - 1] as Scope);
    if (
      root === null &&
      stack.length === 1 &&
      scope.get(qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '') === 'atom'
    ) {
      atomIsPrimary = true;
    }
    const attrs: Record<string, string> = {};
    for (const [name, value] of rawAttrs) attrs[canonical(name, scope, true)] = value;
    const element: XmlElement = { name: canonical(qname, scope, false), attrs, children: [] };
    if (element.name === 'html') looksLikeHtml = true;
    if (stack.length > MAX_DEPTH) continue;
    if (!selfClosing && (element.name === 'item' || element.name === 'entry'))
      recoverContainer(element.name, stack, rawNames, scopes);
    (stack[stack.length - 1] as XmlElement).children.push(element);
    if (root === null && stack.length === 1) root = element;
    if (selfClosing || VOID.has(qname)) continue;
    stack.push(element);
    rawNames.push(qname);
    scopes.push(scope);
  }
  return { root, rootNamespace, looksLikeHtml, truncated: stack.length > 1 };
}

function closeElement(qname: string, stack: XmlElement[], rawNames: string[], scopes: Scope[]): void {
  for (let i = rawNames.length - 1; i > 0; i--) {
    if (rawNames[i] === qname || (rawNames[i] as string).toLowerCase() === qname.toLowerCase()) {
      stack.length = i;
      rawNames.length = i;
      scopes.length = i;
      return;
    }
  }
}

const CONTAINERS: Record<string, Set<string>> = {
  item: new Set(['channel', 'rdf:RDF', 'rss', 'RDF']),
  entry: new Set(['feed']),
};

/**
 * An <item> or <entry> belongs directly in its channel or feed. When one opens deeper down, an earlier
 * element was left open (an unclosed <itunes:category>, an unclosed previous item): close back to the
 * container so the rest of the feed is not swallowed. Without such a container, nothing changes.
 */
function recoverContainer(name: string, stack: XmlElement[], rawNames: string[], scopes: Scope[]): void {
  const containers = CONTAINERS[name] as Set<string>;
  if (containers.has((stack[stack.length - 1] as XmlElement).name)) return;
  for (let i = stack.length - 2; i > 0; i--) {
    if (containers.has((stack[i] as XmlElement).name)) {
      stack.length = i + 1;
      rawNames.length = i + 1;
      scopes.length = i + 1;
      return;
    }
  }
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
