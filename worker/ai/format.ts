// What an AI answer becomes before anyone sees it: the model's text (HTML, Markdown or plain) turned
// into an HTML fragment, run through the allow-list sanitiser with images off (no scripts, no remote
// images, no event handlers: DESIGN.md "Untrusted HTML"), and held to the platform's length. Also
// plain text for emails and length checks.

import type { ContentType } from '../contracts/ai';
import { escapeText } from '../html/entities';
import { htmlToText, sanitizeHtml } from '../html/sanitize';
import { AiError } from './client';
import { platformForContentType } from './platforms';

/** Block tags mean the model answered in HTML (as asked); a stray inline tag in Markdown does not. */
const HTML_TAG = /<\/?(?:p|h[1-6]|ul|ol|li|br|blockquote|div|table|pre)\b/i;

/** The model's answer as safe HTML, within the platform's length; an empty answer is an AiError. */
export function formatOutput(raw: string, contentType: ContentType): string {
  const unfenced = stripCodeFence(raw.trim());
  const html = HTML_TAG.test(unfenced) ? unfenced : markdownToHtml(unfenced);
  let safe = sanitizeHtml(html, undefined, { allowImages: false }).trim();
  const limit = platformForContentType(contentType)?.maxChars;
  if (limit) {
    const text = htmlToPlainText(safe);
    if (text.length > limit) safe = textToHtml(truncate(text, limit));
  }
  if (htmlToText(safe) === '')
    throw new AiError('empty', 'The AI provider returned an empty answer. Please try again.');
  return safe;
}

/** Models like to wrap HTML in ```html fences; the fence is not content. */
function stripCodeFence(text: string) {
  const match = text.match(/^```[\w-]*\s*\n([\s\S]*?)\n?```$/);
  return match?.[1]?.trim() ?? text;
}

/** Cuts at a word boundary, keeping room for the ellipsis. */
export function truncate(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Plain text as paragraphs: blank lines separate paragraphs, single newlines become <br>. */
export function textToHtml(text: string) {
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').map(escapeText).join('<br>')}</p>`)
    .join('');
}

const inline = (text: string) =>
  escapeText(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*?)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2">$1</a>');

/** The little Markdown models use without being asked: headings, bullets, numbered lists, bold, links. */
export function markdownToHtml(markdown: string) {
  const out: string[] = [];
  type List = { tag: 'ul' | 'ol'; items: string[] };
  let list = null as List | null;
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${paragraph.map(inline).join('<br>')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (const line of markdown.split('\n')) {
    const trimmed = line.trim();
    const heading = trimmed.match(/^(#{1,6})\s+(.*)$/);
    const bullet = trimmed.match(/^[-*•]\s+(.*)$/);
    const numbered = trimmed.match(/^\d+[.)]\s+(.*)$/);
    if (trimmed === '') {
      flushParagraph();
      flushList();
    } else if (heading?.[1] && heading[2] !== undefined) {
      flushParagraph();
      flushList();
      const level = Math.min(6, Math.max(2, heading[1].length + 1));
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (bullet?.[1] !== undefined || numbered?.[1] !== undefined) {
      flushParagraph();
      const tag = bullet ? 'ul' : 'ol';
      if (list?.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push((bullet?.[1] ?? numbered?.[1]) as string);
    } else {
      flushList();
      paragraph.push(trimmed);
    }
  }
  flushParagraph();
  flushList();
  return out.join('');
}

/**
 * Sanitised HTML as readable plain text: paragraphs and headings separated by a blank line, list items
 * as "- " lines, <br> as a newline. (htmlToText collapses all whitespace; an email needs its lines.)
 */
export function htmlToPlainText(html: string) {
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
