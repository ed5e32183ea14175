// An item's HTML as the text a summary is written from: one line per paragraph, heading or list item
// (a block edge is a line break, so "…a statement said</p><p>The director…" stays two sentences), the
// parts that are not the article's prose left out (navigation, asides, captions, footers), and the
// feed's boilerplate lines removed (boilerplate.ts).
import { type HtmlNode, names, parseHtml } from '../html/html-tree';
import { DROPPED_WITH_CONTENT } from '../html/sanitize';
import { removeBoilerplate } from './boilerplate';

const BLOCKS = names(
  'p div br hr li dt dd tr td th h1 h2 h3 h4 h5 h6 blockquote pre ul ol dl table figure caption ' +
    'article section header main summary details address',
);
/** Around the article, not of it: related links, share bars, captions, site footers. */
const NOT_PROSE = names('nav aside figcaption footer form button');

export function articleTextOf(html: string): string {
  const parts: string[] = [];
  const visit = (node: HtmlNode) => {
    if (node.kind === 'text') {
      parts.push(node.text);
      return;
    }
    if (DROPPED_WITH_CONTENT.has(node.name) || NOT_PROSE.has(node.name)) return;
    const block = BLOCKS.has(node.name);
    if (block) parts.push('\n');
    for (const child of node.children) visit(child);
    if (block) parts.push('\n');
  };
  visit(parseHtml(html));
  const lines = parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return removeBoilerplate(lines.join('\n'));
}
