// Emails made of generations: a digest, or one generation someone mails to themselves. The content is
// sanitised again with images off (no remote image in a mail tracks its opening); an image generation
// is a link to the app instead. Plain-text format sends the text in a <pre>, since every transport here
// sends an HTML part too.
import type { EmailFormat, Generation } from '../contracts/ai';
import type { RenderedEmail } from '../email/templates';
import { escapeAttribute, escapeText } from '../feeds/html-entities';
import { sanitizeHtml } from '../feeds/sanitize';
import { htmlToPlainText } from './format';

type Options = { subject: string; intro: string; format: EmailFormat; appUrl: string; notes?: string[] };

export function renderGenerationsEmail(generations: Generation[], options: Options): RenderedEmail {
  const link = `${options.appUrl.replace(/\/+$/, '')}/ai-generated`;
  const sections = generations.map((generation) => {
    const body =
      generation.status === 'failed'
        ? `<p>This part could not be written: ${escapeText(generation.error ?? 'unknown error')}</p>`
        : sanitizeHtml(generation.content ?? '', undefined, { allowImages: false });
    const image = generation.imageUrl ? `<p><a href="${escapeAttribute(link)}">View the image in Feedloom</a></p>` : '';
    return { title: generation.title, html: `${body}${image}` };
  });
  const notes = (options.notes ?? []).map((note) => `<p><em>${escapeText(note)}</em></p>`).join('');
  const footer = `<p><a href="${escapeAttribute(link)}">Open your AI content in Feedloom</a></p>`;
  const inner = `<p>${escapeText(options.intro)}</p>${sections
    .map((section) => `<h2 style="font-size:18px">${escapeText(section.title)}</h2>${section.html}`)
    .join('')}${notes}${footer}`;
  const text = [
    options.intro,
    ...sections.map(
      (section) =>
        `${section.title}\n${'-'.repeat(Math.min(60, section.title.length))}\n${htmlToPlainText(section.html)}`,
    ),
    ...(options.notes ?? []),
    `Open your AI content in Feedloom: ${link}`,
    '— Feedloom',
  ].join('\n\n');
  const html =
    options.format === 'plain_text'
      ? `<!doctype html><html><body><pre style="white-space:pre-wrap;font-family:inherit">${escapeText(text)}</pre></body></html>`
      : `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:640px;margin:auto;padding:24px">${inner}<p style="color:#666">— Feedloom</p></body></html>`;
  return { subject: options.subject, text, html };
}
