// How each rewrite platform is written: what we ask the model, how long its answer may be in tokens,
// and what the offline model writes instead. Server-only: the prompts never reach the browser. The
// public half of each platform (name, content type, credits, Pro, length limit) is contracts/platforms.ts;
// `satisfies Record<RewritePlatformId, …>` makes a platform without its prompt or offline template a
// compile error, and a new platform is an entry in both files (and its line in platforms.test.ts).
import type { ContentLength } from '../contracts/ai';
import {
  type Platform,
  platformForContentType as publicPlatformForContentType,
  type RewritePlatformId,
} from '../contracts/platforms';

/** The article as the offline model sees it: already ranked and escaped by offline.ts. */
export type OfflineArticle = {
  title: string;
  link: string | null;
  source: string;
  /** The article's best sentences in reading order; the first is the lead. */
  sentences: string[];
  /** As many ranked sentences as the person's content length asks for. */
  summary: string[];
  /** Every word of the article's text, for a long body. */
  words: string[];
  hashtags: string[];
};

/** HTML builders (escaping included) handed to the offline templates. */
export type OfflineHtml = {
  p: (text: string) => string;
  a: (url: string | null, label: string) => string;
  text: (text: string) => string;
  truncate: (text: string, max: number) => string;
};

type PlatformWriting = {
  /** The task for the model; `length` is the person's content length in words ("300-600 words"). */
  prompt: (length: string) => string;
  /** The most answer tokens for an English answer (other scripts get more: token-budget.ts). */
  maxTokens: (length: ContentLength) => number;
  offline: (article: OfflineArticle, html: OfflineHtml) => string;
};

/** Answer tokens for an English summary of each content length (brief 150-300 words …), with headroom. */
export const tokensByLength = { brief: 700, medium: 1200, detailed: 2000 } as const;

export const PLATFORM_WRITING = {
  text_summary: {
    prompt: (length) => `Summarise the article in ${length}: its main points and why they matter.`,
    maxTokens: (length) => tokensByLength[length],
    offline: (article, html) => html.p(article.summary.join(' ') || article.sentences[0] || article.title),
  },
  blog: {
    prompt: () =>
      'Rewrite the article as an original blog post of 1000-1200 words: a title in <h2>, an introduction, sections under <h3> headings and a conclusion. Credit the source with a link to it.',
    maxTokens: () => 2600,
    offline: (article, html) => {
      const body: string[] = [];
      for (let start = 0; start < Math.min(article.words.length, 1100); start += 120) {
        body.push(html.p(article.words.slice(start, start + 120).join(' ')));
      }
      const points = article.sentences.slice(1, 6).map((sentence) => `<li>${html.text(sentence)}</li>`);
      return `<h2>${html.text(article.title)}</h2>${html.p(article.sentences[0] ?? article.title)}<h3>Key points</h3><ul>${points.join('')}</ul><h3>The story</h3>${body.join('')}<h3>Source</h3><p>${html.a(article.link, article.source)}</p>`;
    },
  },
  twitter: {
    prompt: () =>
      'Write one post for Twitter/X about the article: at most 280 characters in total, counting any hashtags and the link. Answer with the post alone, in one <p>.',
    maxTokens: () => 200,
    offline: (article, html) => {
      const tail = [article.link, ...article.hashtags.slice(0, 2)].filter(Boolean).join(' ');
      const room = Math.max(40, 280 - tail.length - 1);
      const text = html.truncate(`${article.title}: ${article.sentences[0] ?? ''}`, room);
      return html.p(html.truncate(tail ? `${text} ${tail}` : text, 280));
    },
  },
  facebook: {
    prompt: () =>
      'Write a Facebook post about the article: 40-80 words that invite discussion, ending with the link to the article.',
    maxTokens: () => 500,
    offline: (article, html) => {
      const body = html.truncate(article.sentences.slice(0, 3).join(' ') || article.title, 700);
      const more = article.link ? `Read more: ${html.a(article.link, article.link)}` : '';
      return `${html.p(article.title)}${html.p(body)}<p>What do you think? ${more}</p>`;
    },
  },
  instagram: {
    prompt: () =>
      'Write an Instagram caption about the article: a first line that hooks, a short body, "Link in bio", then 5-10 relevant hashtags. At most 2,200 characters; no links.',
    maxTokens: () => 800,
    offline: (article, html) => {
      const body = html.truncate(article.sentences.slice(0, 4).join(' ') || article.title, 1500);
      return `${html.p(article.title)}${html.p(body)}${html.p('Link in bio.')}${html.p(article.hashtags.join(' '))}`;
    },
  },
  email: {
    prompt: (length) =>
      `Write a newsletter-style email about the article: start with <p><strong>Subject:</strong> …</p>, then a greeting, the key points in ${length}, and a link to the full article.`,
    maxTokens: (length) => Math.max(tokensByLength[length], 1000),
    offline: (article, html) => {
      const points = article.sentences.slice(0, 5).map((sentence) => `<li>${html.text(sentence)}</li>`);
      const link = article.link ? `<p>${html.a(article.link, 'Read the full article')}</p>` : '';
      return `<p><strong>Subject:</strong> ${html.text(html.truncate(article.title, 78))}</p>${html.p('Hello,')}${html.p(
        `Here is a short read from ${article.source}.`,
      )}<ul>${points.join('')}</ul>${link}`;
    },
  },
} as const satisfies Record<RewritePlatformId, PlatformWriting>;

/** A platform with how it is written: what the server's prompts and offline model need. */
export type WrittenPlatform = Platform & PlatformWriting;

/** The platform that produces a content type, with its prompt and offline template. */
export function platformForContentType(contentType: string): WrittenPlatform | undefined {
  const platform = publicPlatformForContentType(contentType);
  return platform && { ...platform, ...PLATFORM_WRITING[platform.id] };
}
