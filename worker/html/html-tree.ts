// A small, forgiving HTML tokenizer and tree builder for the sanitiser, the article extractor, discovery
// and favicons. It follows the WHATWG HTML parser where that matters for reading web pages (raw-text
// elements, character references, implied end tags of p/li/dt/dd/tr/td/option, void elements, a head
// that is never closed) and simplifies the rest (no foster parenting, no adoption agency: a stray end
// tag closes the nearest open element of that name, or is ignored). It never throws, and it caps nesting
// depth so that hostile input cannot exhaust the stack of whoever walks the tree. Comments, doctypes and
// processing instructions are dropped. Pure: runs in workerd and Node.

import { decodeEntities } from './entities';

export type HtmlText = { kind: 'text'; text: string };
export type HtmlElement = { kind: 'element'; name: string; attrs: Map<string, string>; children: HtmlNode[] };
export type HtmlNode = HtmlElement | HtmlText;

export const MAX_DEPTH = 200;

/** A set of element names written as one space-separated string. */
export const names = (list: string) => new Set(list.split(' '));

/** Elements that never have content (HTML §13.1.2). */
export const VOID_ELEMENTS = names(
  'area base br col embed hr img input link meta param source track wbr keygen frame basefont bgsound',
);
/** Content is text up to the matching end tag (§13.2.5.2–3); script and style stay unparsed. */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title']);
const RCDATA = new Set(['textarea', 'title']);
/** Start tags that close an open <p> (§13.2.6.4.7, "in body"). */
const CLOSES_P = names(
  'address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer ' +
    'form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre section summary table ul dd dt ' +
    'plaintext xmp',
);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const HEAD_CONTENT = new Set(['title', 'meta', 'link', 'style', 'script', 'noscript', 'base', 'template']);
/** Open elements a search for an implied or stray end tag does not cross ("has an element in scope"). */
const SCOPE = new Set(['td', 'th', 'caption', 'table', 'button', 'object', 'marquee', 'template', 'applet']);

const el = (name: string, attrs = new Map<string, string>()): HtmlElement => ({
  kind: 'element',
  name,
  attrs,
  children: [],
});

/** Parses a document or fragment; the returned root (named "#root") holds the top-level nodes. */
export function parseHtml(html: string): HtmlElement {
  const root = el('#root');
  const stack: HtmlElement[] = [root];
  const current = () => stack[stack.length - 1] ?? root;

  const appendText = (text: string) => {
    if (text === '') return;
    if (current().name === 'head' && /\S/.test(text)) popThrough(stack, 'head');
    const parent = current();
    const last = parent.children[parent.children.length - 1];
    if (last?.kind === 'text') last.text += text;
    else parent.children.push({ kind: 'text', text });
  };

  const startTag = (name: string, attrs: Map<string, string>) => {
    if (name === 'html' || name === 'body') {
      popThrough(stack, 'head');
      return;
    }
    if (name === 'image') name = 'img';
    if (!HEAD_CONTENT.has(name)) popThrough(stack, 'head');
    closeImplied(stack, name);
    const node = el(name, attrs);
    current().children.push(node);
    // Past the depth cap, elements become empty siblings; a raw-text element (a leaf) still holds its
    // text, so the words of a deeply nested <script> never turn into visible text.
    if (!VOID_ELEMENTS.has(name) && (stack.length < MAX_DEPTH || RAW_TEXT.has(name))) stack.push(node);
  };

  const endTag = (name: string) => {
    if (name === 'br') return startTag('br', new Map());
    if (name === 'html' || name === 'body') return;
    const tableTag = /^(?:td|th|tr|thead|tbody|tfoot|table|caption)$/.test(name);
    for (let i = stack.length - 1; i > 0; i--) {
      const open = stack[i]?.name;
      if (open === name) {
        stack.length = i;
        return;
      }
      if (!tableTag && open !== undefined && SCOPE.has(open)) return;
    }
  };

  tokenize(html, { text: appendText, startTag, endTag });
  return root;
}

function popThrough(stack: HtmlElement[], name: string) {
  for (let i = stack.length - 1; i > 0; i--) {
    if (stack[i]?.name === name) {
      stack.length = i;
      return;
    }
  }
}

/** Closes what a start tag implicitly ends, as browsers do with unclosed <p>, <li>, <td> … */
function closeImplied(stack: HtmlElement[], name: string) {
  const closeWithin = (targets: string[], boundaries: string[]) => {
    for (let i = stack.length - 1; i > 0; i--) {
      const open = stack[i]?.name ?? '';
      if (targets.includes(open)) {
        stack.length = i;
        return;
      }
      if (boundaries.includes(open) || SCOPE.has(open)) return;
    }
  };
  if (CLOSES_P.has(name)) closeWithin(['p'], []);
  if (name === 'li') closeWithin(['li'], ['ul', 'ol', 'menu']);
  else if (name === 'dt' || name === 'dd') closeWithin(['dt', 'dd'], ['dl']);
  else if (HEADINGS.has(name) && HEADINGS.has(stack[stack.length - 1]?.name ?? '')) stack.pop();
  else if (name === 'a') closeWithin(['a'], []);
  else if (name === 'option' || name === 'optgroup') closeWithin(['option'], ['select']);
  else if (name === 'tr') closeTable(stack, ['tr', 'td', 'th']);
  else if (name === 'td' || name === 'th') closeTable(stack, ['td', 'th']);
  else if (name === 'thead' || name === 'tbody' || name === 'tfoot')
    closeTable(stack, ['tr', 'td', 'th', 'thead', 'tbody', 'tfoot']);
}

function closeTable(stack: HtmlElement[], names: string[]) {
  for (let i = stack.length - 1; i > 0; i--) {
    const open = stack[i]?.name ?? '';
    if (open === 'table') return;
    if (names.includes(open)) {
      // Keep the outermost match: a <tr> closes the open cell and the open row.
      let j = i;
      while (j > 1 && names.includes(stack[j - 1]?.name ?? '')) j--;
      stack.length = j;
      return;
    }
  }
}

type Sink = {
  text(text: string): void;
  startTag(name: string, attrs: Map<string, string>): void;
  endTag(name: string): void;
};

const COMMENT_END = /--!?>/g;

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;

function tokenize(html: string, sink: Sink) {
  const len = html.length;
  let i = 0;
  while (i < len) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      sink.text(decodeEntities(html.slice(i)));
      return;
    }
    if (lt > i) sink.text(decodeEntities(html.slice(i, lt)));
    i = lt;
    const next = html.charCodeAt(i + 1);
    if (html.startsWith('<!--', i)) {
      // "<!-->" and "<!--->" are complete (empty) comments, and "--!>" closes one too (§13.2.5.43–52).
      const body = i + 4;
      if (html.startsWith('>', body)) i = body + 1;
      else if (html.startsWith('->', body)) i = body + 2;
      else {
        COMMENT_END.lastIndex = body;
        const end = COMMENT_END.exec(html);
        i = end === null ? len : end.index + end[0].length;
      }
    } else if (
      next === 33 /* ! */ ||
      next === 63 /* ? */ ||
      (next === 47 /* / */ && !isLetter(html.charCodeAt(i + 2)))
    ) {
      // Doctype, CDATA outside foreign content, processing instruction, "</ >": a bogus comment to ">".
      const end = html.indexOf('>', i + 2);
      i = end === -1 ? len : end + 1;
    } else if (next === 47) {
      const tag = readTag(html, i + 2);
      if (tag === null) return;
      sink.endTag(tag.name);
      i = tag.end;
    } else if (isLetter(next)) {
      const tag = readTag(html, i + 1);
      if (tag === null) return; // a tag cut off by the end of the input is dropped (§13.2.5.36)
      sink.startTag(tag.name, tag.attrs);
      i = tag.end;
      if (RAW_TEXT.has(tag.name)) {
        const close = findRawTextEnd(html, i, tag.name);
        const raw = html.slice(i, close);
        if (raw !== '') sink.text(RCDATA.has(tag.name) ? decodeEntities(raw) : raw);
        sink.endTag(tag.name);
        const gt = close < len ? html.indexOf('>', close) : -1;
        i = gt === -1 ? len : gt + 1;
      } else if (tag.name === 'plaintext') {
        sink.text(html.slice(i));
        return;
      }
    } else {
      sink.text('<');
      i++;
    }
  }
}

function findRawTextEnd(html: string, from: number, name: string): number {
  // Case-insensitive search without lower-casing the input: toLowerCase can change string lengths.
  const close = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
  close.lastIndex = from;
  return close.exec(html)?.index ?? html.length;
}

function readTag(html: string, from: number): { name: string; attrs: Map<string, string>; end: number } | null {
  const len = html.length;
  let i = from;
  while (i < len && !isSpace(html.charCodeAt(i)) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(from, i).toLowerCase();
  const attrs = new Map<string, string>();
  for (;;) {
    while (i < len && (isSpace(html.charCodeAt(i)) || html[i] === '/')) i++;
    if (i >= len) return null;
    if (html[i] === '>') return { name, attrs, end: i + 1 };
    const nameStart = i;
    i++; // the first character may be "=" (§13.2.5.32)
    while (i < len && !isSpace(html.charCodeAt(i)) && !'/>='.includes(html[i] ?? '')) i++;
    const attrName = html.slice(nameStart, i).toLowerCase();
    while (i < len && isSpace(html.charCodeAt(i))) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < len && isSpace(html.charCodeAt(i))) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const start = i;
        while (i < len && !isSpace(html.charCodeAt(i)) && html[i] !== '>') i++;
        value = html.slice(start, i);
      }
    }
    // The first of duplicate attributes wins (§13.2.5.33).
    if (!attrs.has(attrName)) attrs.set(attrName, decodeEntities(value, 'html-attribute'));
  }
}

/** All text below a node, in document order. */
export function textContent(node: HtmlNode): string {
  if (node.kind === 'text') return node.text;
  let out = '';
  for (const child of node.children) out += textContent(child);
  return out;
}

/** Every element below `root` (not root itself), depth first, in document order. */
export function descendants(root: HtmlElement, name?: string): HtmlElement[] {
  const out: HtmlElement[] = [];
  const visit = (node: HtmlElement) => {
    for (const child of node.children) {
      if (child.kind !== 'element') continue;
      if (name === undefined || child.name === name) out.push(child);
      visit(child);
    }
  };
  visit(root);
  return out;
}

/** The document's <base href>, resolved against its own address (HTML §4.2.3), else the address. */
export function documentBase(root: HtmlElement, pageUrl: string): string {
  const href = descendants(root, 'base')
    .find((b) => b.attrs.has('href'))
    ?.attrs.get('href');
  if (!href) return pageUrl;
  try {
    const url = new URL(href.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : pageUrl;
  } catch {
    return pageUrl;
  }
}
