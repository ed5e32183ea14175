// HTML turned into plain text, one way for the whole Worker: one line for card descriptions, feed titles
// and AI input (htmlToText), or paragraphs and lines for the plain-text part of an email
// (htmlToPlainText). Both read the HTML as a browser would (html-tree.ts): inline elements join words
// ("H<sub>2</sub>O" is "H2O"), block elements separate them, scripts and styles are not text.

import { type HtmlNode, names, parseHtml } from './html-tree';
import { DROPPED_WITH_CONTENT } from './sanitize';

/** Line-breaking elements: their edges separate words in plain text. */
const BLOCKS = names(
  'p div br hr li dt dd tr td th h1 h2 h3 h4 h5 h6 blockquote pre ul ol dl table figure figcaption ' +
    'caption article section header footer aside nav main summary details address',
);

/** Plain text for card descriptions and AI input: tags gone, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return textOfHtml(html).replace(/\s+/g, ' ').trim();
}

/**
 * The text a browser would show, whitespace as written: block edges become a space, scripts, styles and
 * forms are not text. The feed parser collapses it its own way (a no-break space in a title is meant).
 */
export function textOfHtml(html: string): string {
  const parts: string[] = [];
  const visit = (node: HtmlNode) => {
    if (node.kind === 'text') {
      parts.push(node.text);
      return;
    }
    if (DROPPED_WITH_CONTENT.has(node.name)) return;
    const block = BLOCKS.has(node.name);
    if (block) parts.push(' ');
    for (const child of node.children) visit(child);
    if (block) parts.push(' ');
  };
  visit(parseHtml(html));
  return parts.join('');
}

/**
 * Sanitised HTML as readable plain text: paragraphs and headings separated by a blank line, list items
 * as "- " lines, <br> as a newline. (htmlToText collapses all whitespace; an email needs its lines.)
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<li\b[^>]*>/gi, '\u0001- ')
    .replace(/<br\s*\/?>/gi, '\u0001')
    .split(/<\/(?:p|h[1-6]|ul|ol|blockquote|div|pre|table|tr|figure)>/i)
    .map((block) =>
      block
        .split('\u0001')
        .map((line) => htmlToText(line))
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}
