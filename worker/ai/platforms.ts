// The rewrite platforms, one record each (spec §3 "Rewrite platform option", §6, §9): what the dialog
// calls it, the content type it produces and that type's label on a generation card, its cost, whether
// it is a Pro feature, what we ask the model, how long the answer may be, and what the offline model
// writes instead. Adding a platform is one entry here (and its line in platforms.test.ts);
// `satisfies Record<…, PlatformSpec>` makes a missing piece a compile error, and the content type union
// of contracts/ai.ts grows from the entry. The server's Pro rule, the prompts, the length limits, the
// offline model and the SPA (rewrite dialog, generation cards, landing and /payment copy) all read this
// record. It imports no runtime code, so the SPA can read it through the contracts.
import type { ContentLength } from '../contracts/ai';

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

type PlatformSpec = {
  name: string;
  description: string;
  /** What the generation records (snake_case, stored in D1); a new platform brings a new one. */
  contentType: string;
  /** The content type's badge on a generation card ("Twitter/X Post"). */
  contentTypeLabel: string;
  credits: number;
  /** Advertised on the landing and /payment pages as Pro, and refused to Free accounts by the server. */
  pro: boolean;
  /** The task for the model; `length` is the person's content length in words ("300-600 words"). */
  prompt: (length: string) => string;
  /** The most answer tokens for an English answer (other scripts get more: token-budget.ts). */
  maxTokens: (length: ContentLength) => number;
  /** The platform's own limit on visible characters, or null when it has none. */
  maxChars: number | null;
  offline: (article: OfflineArticle, html: OfflineHtml) => string;
};

/** Answer tokens for an English summary of each content length (brief 150-300 words …), with headroom. */
export const tokensByLength = { brief: 700, medium: 1200, detailed: 2000 } as const;

export const PLATFORMS = {
  text_summary: {
    name: 'Text Summary',
    description: 'A concise summary of the article',
    contentType: 'text_summary',
    contentTypeLabel: 'Text Summary',
    credits: 1,
    pro: false,
    prompt: (length) => `Summarise the article in ${length}: its main points and why they matter.`,
    maxTokens: (length) => tokensByLength[length],
    maxChars: null,
    offline: (article, html) => html.p(article.summary.join(' ') || article.sentences[0] || article.title),
  },
  blog: {
    name: 'Blog Post (1000-1200 words)',
    description: 'A full blog post with headings, ready to publish',
    contentType: 'blog_post',
    contentTypeLabel: 'Blog Post',
    credits: 2,
    pro: true,
    prompt: () =>
      'Rewrite the article as an original blog post of 1000-1200 words: a title in <h2>, an introduction, sections under <h3> headings and a conclusion. Credit the source with a link to it.',
    maxTokens: () => 2600,
    maxChars: null,
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
    name: 'Twitter/X',
    description: 'One post of at most 280 characters',
    contentType: 'twitter_post',
    contentTypeLabel: 'Twitter/X Post',
    credits: 1,
    pro: true,
    prompt: () =>
      'Write one post for Twitter/X about the article: at most 280 characters in total, counting any hashtags and the link. Answer with the post alone, in one <p>.',
    maxTokens: () => 200,
    maxChars: 280,
    offline: (article, html) => {
      const tail = [article.link, ...article.hashtags.slice(0, 2)].filter(Boolean).join(' ');
      const room = Math.max(40, 280 - tail.length - 1);
      const text = html.truncate(`${article.title}: ${article.sentences[0] ?? ''}`, room);
      return html.p(html.truncate(tail ? `${text} ${tail}` : text, 280));
    },
  },
  facebook: {
    name: 'Facebook',
    description: 'A short, friendly post that invites discussion',
    contentType: 'facebook_post',
    contentTypeLabel: 'Facebook Post',
    credits: 1,
    pro: true,
    prompt: () =>
      'Write a Facebook post about the article: 40-80 words that invite discussion, ending with the link to the article.',
    maxTokens: () => 500,
    maxChars: 2000,
    offline: (article, html) => {
      const body = html.truncate(article.sentences.slice(0, 3).join(' ') || article.title, 700);
      const more = article.link ? `Read more: ${html.a(article.link, article.link)}` : '';
      return `${html.p(article.title)}${html.p(body)}<p>What do you think? ${more}</p>`;
    },
  },
  instagram: {
    name: 'Instagram',
    description: 'A caption with hashtags',
    contentType: 'instagram_post',
    contentTypeLabel: 'Instagram Post',
    credits: 1,
    pro: true,
    prompt: () =>
      'Write an Instagram caption about the article: a first line that hooks, a short body, "Link in bio", then 5-10 relevant hashtags. At most 2,200 characters; no links.',
    maxTokens: () => 800,
    maxChars: 2200,
    offline: (article, html) => {
      const body = html.truncate(article.sentences.slice(0, 4).join(' ') || article.title, 1500);
      return `${html.p(article.title)}${html.p(body)}${html.p('Link in bio.')}${html.p(article.hashtags.join(' '))}`;
    },
  },
  email: {
    name: 'Email',
    description: 'A newsletter-style email with a subject line',
    contentType: 'email_newsletter',
    contentTypeLabel: 'Email Newsletter',
    credits: 1,
    pro: true,
    prompt: (length) =>
      `Write a newsletter-style email about the article: start with <p><strong>Subject:</strong> …</p>, then a greeting, the key points in ${length}, and a link to the full article.`,
    maxTokens: (length) => Math.max(tokensByLength[length], 1000),
    maxChars: null,
    offline: (article, html) => {
      const points = article.sentences.slice(0, 5).map((sentence) => `<li>${html.text(sentence)}</li>`);
      const link = article.link ? `<p>${html.a(article.link, 'Read the full article')}</p>` : '';
      return `<p><strong>Subject:</strong> ${html.text(html.truncate(article.title, 78))}</p>${html.p('Hello,')}${html.p(
        `Here is a short read from ${article.source}.`,
      )}<ul>${points.join('')}</ul>${link}`;
    },
  },
} as const satisfies Record<string, PlatformSpec>;

export type RewritePlatformId = keyof typeof PLATFORMS;
/** The content types a rewrite produces, one per platform. */
export type PlatformContentType = (typeof PLATFORMS)[RewritePlatformId]['contentType'];
export type Platform = Omit<PlatformSpec, 'contentType'> & { id: RewritePlatformId; contentType: PlatformContentType };

/** The platforms in the dialog's order, each with its id. */
export const PLATFORM_LIST: readonly Platform[] = (Object.keys(PLATFORMS) as RewritePlatformId[]).map((id) => ({
  id,
  ...PLATFORMS[id],
}));

export const PLATFORM_IDS = Object.keys(PLATFORMS) as [RewritePlatformId, ...RewritePlatformId[]];

export function platformOf(id: RewritePlatformId): Platform {
  return { id, ...PLATFORMS[id] };
}

/** The platform that produces a content type (a rewrite's generation records only its content type). */
export function platformForContentType(contentType: string): Platform | undefined {
  return PLATFORM_LIST.find((platform) => platform.contentType === contentType);
}

/** "A, B and C": the platforms' names as a sentence, for plan copy. */
export function platformNames(platforms: readonly Platform[]): string {
  const names = platforms.map((platform) => platform.name.replace(/ \(.*\)$/, ''));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
