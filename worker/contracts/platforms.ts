// The rewrite platforms as the person meets them, one record each (spec §3 "Rewrite platform option",
// §6, §9): what the dialog calls it, the content type it produces and that type's label on a generation
// card, its cost, whether it is a Pro feature, and the platform's own length limit. The server's Pro
// rule, the length check, the SPA (rewrite dialog, generation cards, landing and /payment copy) read it.
// What we ask the model and what the offline model writes live server-side in ai/platforms.ts, keyed by
// the same ids: this file ships to every browser, so it holds no prompt.

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
  /** The platform's own limit on visible characters, or null when it has none. */
  maxChars: number | null;
};

export const PLATFORMS = {
  text_summary: {
    name: 'Text Summary',
    description: 'A concise summary of the article',
    contentType: 'text_summary',
    contentTypeLabel: 'Text Summary',
    credits: 1,
    pro: false,
    maxChars: null,
  },
  blog: {
    name: 'Blog Post (1000-1200 words)',
    description: 'A full blog post with headings, ready to publish',
    contentType: 'blog_post',
    contentTypeLabel: 'Blog Post',
    credits: 2,
    pro: true,
    maxChars: null,
  },
  twitter: {
    name: 'Twitter/X',
    description: 'One post of at most 280 characters',
    contentType: 'twitter_post',
    contentTypeLabel: 'Twitter/X Post',
    credits: 1,
    pro: true,
    maxChars: 280,
  },
  facebook: {
    name: 'Facebook',
    description: 'A short, friendly post that invites discussion',
    contentType: 'facebook_post',
    contentTypeLabel: 'Facebook Post',
    credits: 1,
    pro: true,
    maxChars: 2000,
  },
  instagram: {
    name: 'Instagram',
    description: 'A caption with hashtags',
    contentType: 'instagram_post',
    contentTypeLabel: 'Instagram Post',
    credits: 1,
    pro: true,
    maxChars: 2200,
  },
  email: {
    name: 'Email',
    description: 'A newsletter-style email with a subject line',
    contentType: 'email_newsletter',
    contentTypeLabel: 'Email Newsletter',
    credits: 1,
    pro: true,
    maxChars: null,
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
