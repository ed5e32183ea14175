// What an AI answer becomes before anyone sees it: the model's text (HTML, Markdown or plain) turned
// into an HTML fragment, run through the allow-list sanitiser with images off (no scripts, no remote
// images, no event handlers: DESIGN.md "Untrusted HTML"), and held to the platform's length. Also
// plain text for emails and length checks.

import { Marked } from 'marked';
import type { ContentType } from '../contracts/ai';
import { escapeText } from '../html/entities';
import { sanitizeHtml } from '../html/sanitize';
import { htmlToPlainText, htmlToText } from '../html/text';
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

/**
 * Markdown through marked (GFM: tables, fenced code, nested lists, autolinks), with three rules of ours:
 * raw HTML inside Markdown is shown as text (a model that answers in Markdown did not mean a tag);
 * images become their description, as AI output never shows remote images (DESIGN.md "Untrusted
 * HTML"); headings start at <h2>, the page's own title being the <h1>. Single newlines are line breaks,
 * as models write them.
 */
const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html: ({ text, block }) => (block ? `<p>${escapeText(text.trim())}</p>` : escapeText(text)),
    image: ({ text }) => escapeText(text),
    heading({ tokens, depth }) {
      const level = Math.min(6, depth + 1);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

/** Markdown as an HTML fragment; the caller sanitises it. */
export function markdownToHtml(text: string) {
  // Newlines between block tags are marked's layout, not content (text inside <pre> is escaped).
  return (markdown.parse(text) as string).replace(/>\n+</g, '><').trim();
}
