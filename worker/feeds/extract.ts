// The main text of a web page, for "full article" when a feed carries only a summary. Readability-style:
// drop what is never content (navigation, sidebars, comments, share and related blocks, ads), take the
// page's own <article> or articleBody when it has one, else score the block containers by the paragraphs
// they hold (length, commas, link density, class and id hints) and keep the best with its qualifying
// siblings. The result is sanitised (sanitize.ts). Fetching the page and caching the result are the
// caller's job; a page without a real article gives null, and the caller keeps the feed's own content.

import {
  descendants,
  documentBase,
  type HtmlElement,
  type HtmlNode,
  names,
  parseHtml,
  textContent,
} from '../html/html-tree';
import { DROPPED_WITH_CONTENT, sanitizeNodes } from '../html/sanitize';
import { htmlToText } from '../html/text';

export type ExtractedArticle = { title: string; content: string; textLength: number };

/** Less text than this is a teaser, a login wall or an index page, not an article. */
export const MIN_ARTICLE_CHARS = 250;

const POSITIVE = /article|body|content|entry|h-entry|main|post|text|story|prose/i;
const NEGATIVE =
  /comment|disqus|sidebar|widget|(?:^|[\s_-])(?:nav|navbar|navigation|menu|footer|masthead|banner|breadcrumbs?|sponsored|promo|ad|ads|advert\w*|share|sharing|social|related|recommended|newsletter|subscribe|signup|popup|modal|cookie|consent|pagination|pager|tags|skip)(?:$|[\s_-])/i;
/** Hints that keep a block despite a negative one ("entry-footer" stays until scoring weighs it). */
const KEEP = /article|content|main|entry|story|body/i;
/** Never content, whatever their class. */
const NEVER = new Set([...DROPPED_WITH_CONTENT, 'nav', 'aside', 'footer', 'menu']);
const NEVER_ROLES = names('navigation complementary banner contentinfo dialog alertdialog search menu');
const PARAGRAPHS = names('p pre td blockquote');
const BLOCK_CHILDREN = names('p div section article table ul ol pre blockquote figure h1 h2 h3 h4 h5 h6');

export function extractArticle(html: string, url: string): ExtractedArticle | null {
  const root = parseHtml(html);
  const base = documentBase(root, url);
  const title = findTitle(root);
  prune(root);
  const nodes = preferredArticle(root) ?? bestCandidate(root);
  if (nodes === null) return null;
  for (const node of nodes) if (node.kind === 'element') cleanInside(node, title);
  const content = sanitizeNodes(nodes, base).trim();
  const textLength = htmlToText(content).length;
  return textLength >= MIN_ARTICLE_CHARS ? { title, content, textLength } : null;
}

/** og:title (the page's own idea of its headline), else a lone <h1>, else <title> without the site name. */
function findTitle(root: HtmlElement): string {
  const meta = descendants(root, 'meta').find((m) =>
    /^(?:og:title|twitter:title)$/i.test(m.attrs.get('property') ?? m.attrs.get('name') ?? ''),
  );
  const og = collapse(meta?.attrs.get('content') ?? '');
  if (og) return og;
  const h1s = descendants(root, 'h1');
  if (h1s.length === 1 && h1s[0]) return collapse(textContent(h1s[0]));
  const title = collapse(textContent(descendants(root, 'title')[0] ?? { kind: 'text', text: '' }));
  const parts = title.split(/\s+[|\-–—·»«:]{1,2}\s+/);
  const first = parts[0] ?? '';
  return parts.length > 1 && first.split(' ').length >= 3 ? first : title;
}

/** Removes what is never content, in place: by element, role, hidden state and class or id hints. */
function prune(el: HtmlElement): void {
  el.children = el.children.filter((child) => {
    if (child.kind === 'text') return true;
    if (NEVER.has(child.name)) return false;
    const role = (child.attrs.get('role') ?? '').toLowerCase();
    if (NEVER_ROLES.has(role) || child.attrs.has('hidden') || child.attrs.get('aria-hidden') === 'true') return false;
    if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(child.attrs.get('style') ?? '')) return false;
    if (child.name !== 'article' && child.name !== 'main' && isUnlikely(child)) return false;
    prune(child);
    return true;
  });
}

const hintsOf = (el: HtmlElement) => `${el.attrs.get('class') ?? ''} ${el.attrs.get('id') ?? ''}`;

function isUnlikely(el: HtmlElement): boolean {
  const hints = hintsOf(el);
  return NEGATIVE.test(hints) && !KEEP.test(hints);
}

function classWeight(el: HtmlElement): number {
  const hints = hintsOf(el);
  if (hints.trim() === '') return 0;
  let weight = 0;
  if (NEGATIVE.test(hints)) weight -= 25;
  if (POSITIVE.test(hints)) weight += 25;
  return weight;
}

/** The page marks its article: schema.org articleBody, or one <article> that clearly dominates. */
function preferredArticle(root: HtmlElement): HtmlNode[] | null {
  const body = descendants(root).find((e) => (e.attrs.get('itemprop') ?? '').split(/\s+/).includes('articleBody'));
  if (body && textLength(body) >= MIN_ARTICLE_CHARS) return [body];
  const articles = descendants(root, 'article')
    .map((el) => ({ el, length: textLength(el) }))
    .sort((a, b) => b.length - a.length);
  const [first, second] = articles;
  if (!first || first.length < MIN_ARTICLE_CHARS) return null;
  return !second || first.length >= 2 * second.length ? [first.el] : null;
}

/** Scores containers by the paragraphs they hold and returns the best one with its worthy siblings. */
function bestCandidate(root: HtmlElement): HtmlNode[] | null {
  const parents = new Map<HtmlElement, HtmlElement>();
  const scores = new Map<HtmlElement, number>();
  const addScore = (el: HtmlElement, points: number) => scores.set(el, (scores.get(el) ?? initialScore(el)) + points);

  for (const el of walk(root, parents)) {
    const isParagraph =
      PARAGRAPHS.has(el.name) ||
      (el.name === 'div' && !el.children.some((c) => c.kind === 'element' && BLOCK_CHILDREN.has(c.name)));
    if (!isParagraph) continue;
    const text = collapse(textContent(el));
    if (text.length < 25) continue;
    const points = 1 + text.split(/[,،、，]/).length - 1 + Math.min(Math.floor(text.length / 100), 3);
    let ancestor = parents.get(el);
    for (let level = 1; ancestor && level <= 3; level++) {
      addScore(ancestor, level === 1 ? points : points / (level === 2 ? 2 : 3));
      ancestor = parents.get(ancestor);
    }
  }

  let best: HtmlElement | null = null;
  let bestScore = 0;
  for (const [el, score] of scores) {
    const final = score * (1 - linkDensity(el));
    scores.set(el, final);
    if (final > bestScore) {
      best = el;
      bestScore = final;
    }
  }
  if (best === null || linkDensity(best) > 0.5) return null;

  // Siblings that score well, or read like paragraphs, belong to the article too (split layouts).
  const parent = parents.get(best);
  if (!parent) return [best];
  const threshold = Math.max(10, bestScore * 0.2);
  return parent.children.filter((sibling) => {
    if (sibling === best) return true;
    if (sibling.kind !== 'element') return false;
    if ((scores.get(sibling) ?? 0) >= threshold) return true;
    if (sibling.name !== 'p') return false;
    const text = collapse(textContent(sibling));
    const density = linkDensity(sibling);
    return (text.length > 80 && density < 0.25) || (text.length > 0 && density === 0 && /\.(?:\s|$)/.test(text));
  });
}

function initialScore(el: HtmlElement): number {
  let score = classWeight(el);
  if (el.name === 'div' || el.name === 'article' || el.name === 'main' || el.name === 'section') score += 5;
  else if (el.name === 'pre' || el.name === 'td' || el.name === 'blockquote') score += 3;
  else if (/^(?:address|ol|ul|dl|dd|dt|li|form)$/.test(el.name)) score -= 3;
  else if (/^(?:h[1-6]|th)$/.test(el.name)) score -= 5;
  return score;
}

/** Every element in document order, recording parents on the way. */
function walk(root: HtmlElement, parents: Map<HtmlElement, HtmlElement>): HtmlElement[] {
  const out: HtmlElement[] = [];
  const visit = (el: HtmlElement) => {
    for (const child of el.children) {
      if (child.kind !== 'element') continue;
      parents.set(child, el);
      out.push(child);
      visit(child);
    }
  };
  visit(root);
  return out;
}

/** Within the chosen content: the repeated headline goes, link lists go, lazy images get their real src. */
function cleanInside(el: HtmlElement, title: string) {
  let headlineSeen = false;
  const visit = (node: HtmlElement) => {
    node.children = node.children.filter((child) => {
      if (child.kind === 'text') return true;
      if (!headlineSeen && /^h[12]$/.test(child.name)) {
        headlineSeen = true;
        if (title !== '' && collapse(textContent(child)) === title) return false;
      }
      if (/^(?:div|section|ul|ol|table)$/.test(child.name)) {
        const length = textLength(child);
        const images = descendants(child, 'img').length;
        if (length < 200 && linkDensity(child) > 0.5) return false;
        if (length < 25 && images === 0 && (child.name === 'div' || child.name === 'section')) return false;
      }
      if (child.name === 'img') applyLazySource(child);
      visit(child);
      return true;
    });
  };
  visit(el);
}

/** Lazy-loading pages keep the real image in data-src and a placeholder (or nothing) in src. */
function applyLazySource(img: HtmlElement) {
  const lazy = img.attrs.get('data-src') ?? img.attrs.get('data-lazy-src') ?? img.attrs.get('data-original');
  const src = img.attrs.get('src') ?? '';
  if (lazy && (src === '' || src.startsWith('data:') || /placeholder|blank|spacer/i.test(src)))
    img.attrs.set('src', lazy);
}

function linkDensity(el: HtmlElement): number {
  const total = textLength(el);
  if (total === 0) return 0;
  const linked = descendants(el, 'a').reduce((sum, a) => sum + collapse(textContent(a)).length, 0);
  return Math.min(1, linked / total);
}

const textLength = (el: HtmlElement) => collapse(textContent(el)).length;
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
