// Emails made of generations: a digest, or one generation someone mails to themselves. The content is
// sanitised again with images off (a remote image in a mail would tell its sender when it was opened);
// the one image shown is Feedloom's own generated image, served by the app through a signed link
// (issue 11: the digest carries the image when one was made). Plain-text format sends the text in a
// <pre>, since every transport here sends an HTML part too.
import type { Config } from '../config';
import type { CitedSource, EmailFormat, Generation } from '../contracts/ai';
import { emailImageUrl } from '../email/image-links';
import type { RenderedEmail } from '../email/templates';
import { escapeAttribute, escapeText } from '../html/entities';
import { sanitizeHtml } from '../html/sanitize';
import { htmlToPlainText } from '../html/text';

type Options = {
  subject: string;
  intro: string;
  format: EmailFormat;
  config: Pick<Config, 'appUrl' | 'secrets'>;
  notes?: string[];
  /** A part of the caller's own, after the intro and before the generations (a digest's rule matches). */
  lead?: { html: string; text: string };
};

const imageNameOf = (imageUrl: string) => imageUrl.slice(imageUrl.lastIndexOf('/') + 1);

/** Where a cited article is: its original address, or the item in Feedloom when it has none. */
const hrefOf = (source: CitedSource, appUrl: string) =>
  source.link ?? new URL(`/home?item=${source.itemId}`, appUrl).toString();

/** A summary of several items with checked citations is mailed sentence by sentence (issue 25). */
const isCited = (generation: Generation) => generation.origin !== 'rewrite' && generation.citations.length > 0;

/**
 * The supported sentences, each followed by numbered links to the original articles it came from (the
 * item in Feedloom when it has no link of its own); what the support check did not pass is never mailed
 * as fact: it is left out, and a line says how many sentences were and where to see them.
 */
function citedHtml(generation: Generation, appUrl: string): string {
  const numbers = new Map(generation.sources.map((source, index) => [source.itemId, index + 1]));
  const sources = new Map(generation.sources.map((source) => [source.itemId, source]));
  const sentences = generation.citations
    .filter((citation) => citation.support === 'supported')
    .map((citation) => {
      const links = citation.itemIds.flatMap((itemId) => {
        const source = sources.get(itemId);
        const number = numbers.get(itemId);
        return source && number
          ? [
              `<sup><a href="${escapeAttribute(hrefOf(source, appUrl))}" style="text-decoration:none">[${number}]</a></sup>`,
            ]
          : [];
      });
      return `${escapeText(citation.sentence)}${links.join('')}`;
    });
  const left = generation.citations.length - sentences.length;
  const lead = generation.lead ? `<p>${escapeText(generation.lead)}</p>` : '';
  const body = sentences.map((sentence) => `<p>${sentence}</p>`).join('');
  const leftOut =
    left > 0
      ? `<p><em>${escapeText(
          `${left} ${left === 1 ? 'sentence was' : 'sentences were'} left out: the support check did not find ${left === 1 ? 'it' : 'them'} in the cited articles. Feedloom shows ${left === 1 ? 'it' : 'them'}, greyed, with the reason.`,
        )}</em></p>`
      : '';
  const list = generation.sources
    .map(
      (source, index) =>
        `<li>[${index + 1}] <a href="${escapeAttribute(hrefOf(source, appUrl))}">${escapeText(source.title)}</a> (${escapeText(source.source)})</li>`,
    )
    .join('');
  const score =
    generation.supportScore === null
      ? ''
      : `<p style="color:#555;font-size:13px">${escapeText(
          `Checked: ${sentences.length} of ${generation.citations.length} sentences supported by their sources.`,
        )}</p>`;
  return `${lead}${score}${body}${leftOut}${list ? `<p><strong>Sources</strong></p><ol style="list-style:none;padding-left:0">${list}</ol>` : ''}`;
}

export async function renderGenerationsEmail(generations: Generation[], options: Options): Promise<RenderedEmail> {
  const link = new URL('/ai-generated', options.config.appUrl).toString();
  const images = await Promise.all(
    generations.map((generation) =>
      generation.imageUrl ? emailImageUrl(options.config, imageNameOf(generation.imageUrl)) : null,
    ),
  );
  const sections = generations.map((generation, index) => {
    const body =
      generation.status === 'failed'
        ? `<p>This part could not be written: ${escapeText(generation.error ?? 'unknown error')}</p>`
        : isCited(generation)
          ? citedHtml(generation, options.config.appUrl)
          : sanitizeHtml(generation.content ?? '', undefined, { allowImages: false });
    const imageUrl = images[index];
    const image = imageUrl
      ? `<p><img src="${escapeAttribute(imageUrl)}" alt="${escapeAttribute(generation.title)}" width="560" style="max-width:100%;height:auto"></p>`
      : '';
    // Plain text cannot link a number: the cited articles' addresses follow as a numbered list.
    const links = isCited(generation)
      ? generation.sources.map(
          (source, number) => `[${number + 1}] ${source.title}: ${hrefOf(source, options.config.appUrl)}`,
        )
      : [];
    return { title: generation.title, html: `${body}${image}`, imageUrl, links };
  });
  const notes = (options.notes ?? []).map((note) => `<p><em>${escapeText(note)}</em></p>`).join('');
  const footer = `<p><a href="${escapeAttribute(link)}">Open your AI content in Feedloom</a></p>`;
  const inner = `<p>${escapeText(options.intro)}</p>${options.lead?.html ?? ''}${sections
    .map((section) => `<h2 style="font-size:18px">${escapeText(section.title)}</h2>${section.html}`)
    .join('')}${notes}${footer}`;
  const text = [
    options.intro,
    ...(options.lead ? [options.lead.text] : []),
    ...sections.map(
      (section) =>
        `${section.title}\n${'-'.repeat(Math.min(60, section.title.length))}\n${htmlToPlainText(section.html)}${
          section.links.length ? `\n\n${section.links.join('\n')}` : ''
        }${section.imageUrl ? `\nImage: ${section.imageUrl}` : ''}`,
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
