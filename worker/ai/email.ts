// Emails made of generations: a digest, or one generation someone mails to themselves. The content is
// sanitised again with images off (a remote image in a mail would tell its sender when it was opened);
// the one image shown is Feedloom's own generated image, served by the app through a signed link
// (issue 11: the digest carries the image when one was made). Plain-text format sends the text in a
// <pre>, since every transport here sends an HTML part too.
import type { EmailFormat, Generation } from '../contracts/ai';
import { emailImageUrl } from '../email/image-links';
import type { RenderedEmail } from '../email/templates';
import type { Bindings } from '../env';
import { escapeAttribute, escapeText } from '../html/entities';
import { sanitizeHtml } from '../html/sanitize';
import { htmlToPlainText } from '../html/text';

type Options = {
  subject: string;
  intro: string;
  format: EmailFormat;
  env: Pick<Bindings, 'APP_URL' | 'SESSION_SECRET'>;
  notes?: string[];
};

const imageNameOf = (imageUrl: string) => imageUrl.slice(imageUrl.lastIndexOf('/') + 1);

export async function renderGenerationsEmail(generations: Generation[], options: Options): Promise<RenderedEmail> {
  const link = new URL('/ai-generated', options.env.APP_URL).toString();
  const images = await Promise.all(
    generations.map((generation) =>
      generation.imageUrl ? emailImageUrl(options.env, imageNameOf(generation.imageUrl)) : null,
    ),
  );
  const sections = generations.map((generation, index) => {
    const body =
      generation.status === 'failed'
        ? `<p>This part could not be written: ${escapeText(generation.error ?? 'unknown error')}</p>`
        : sanitizeHtml(generation.content ?? '', undefined, { allowImages: false });
    const imageUrl = images[index];
    const image = imageUrl
      ? `<p><img src="${escapeAttribute(imageUrl)}" alt="${escapeAttribute(generation.title)}" width="560" style="max-width:100%;height:auto"></p>`
      : '';
    return { title: generation.title, html: `${body}${image}`, imageUrl };
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
        `${section.title}\n${'-'.repeat(Math.min(60, section.title.length))}\n${htmlToPlainText(section.html)}${
          section.imageUrl ? `\nImage: ${section.imageUrl}` : ''
        }`,
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
