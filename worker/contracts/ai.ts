// Request and response shapes for credits, preferences, AI generations and rewrites (spec §3, §5, §7,
// §9), shared by the Worker (validation) and the SPA (forms, dialogs). The messages are spec §5's texts.
import * as z from 'zod';
import { dateFilters } from './feeds';
import { idSchema } from './ids';
import {
  DEFAULT_PREFERENCE_MODEL,
  DEFAULT_REWRITE_MODEL,
  PREFERENCE_MODEL_IDS,
  PREFERENCE_MODELS,
  REWRITE_MODEL_IDS,
  REWRITE_MODELS,
} from './models';
import {
  PLATFORM_IDS,
  PLATFORM_LIST,
  type PlatformContentType,
  platformOf,
  type Platform as RewritePlatform,
} from './platforms';

export { DEFAULT_PREFERENCE_MODEL, DEFAULT_REWRITE_MODEL, PREFERENCE_MODELS, REWRITE_MODELS };

/** Spec §3 "Language options": the 45 exact values, offered by the preferences page. */
export const LANGUAGES = [
  'English (US)',
  'English (UK)',
  'English (Australia)',
  'English (Canada)',
  'Afrikaans',
  'Arabic',
  'Bengali',
  'Bulgarian',
  'Chinese (Simplified)',
  'Chinese (Traditional)',
  'Croatian',
  'Czech',
  'Danish',
  'Dutch',
  'Finnish',
  'French',
  'German',
  'Greek',
  'Hebrew',
  'Hindi',
  'Hungarian',
  'Indonesian',
  'Italian',
  'Japanese',
  'Korean',
  'Latvian',
  'Lithuanian',
  'Malay',
  'Norwegian',
  'Persian',
  'Polish',
  'Portuguese (Brazil)',
  'Portuguese (Portugal)',
  'Romanian',
  'Russian',
  'Serbian',
  'Slovak',
  'Slovenian',
  'Spanish',
  'Swahili',
  'Swedish',
  'Thai',
  'Turkish',
  'Ukrainian',
  'Vietnamese',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'English (US)';

/**
 * Spec §9's digest content types, the one record of them, in the preferences page's order: each one's
 * label (the preferences page's choice and a digest's generation card both show it) and what it gives.
 */
export const DIGEST_CONTENT_TYPE_INFO = {
  text_summary: { label: 'Text Summary', description: 'The main stories of the period in a few paragraphs.' },
  topic_analysis: { label: 'Topic Analysis', description: 'The themes running through your feeds.' },
  visual_content: { label: 'Visual Content', description: 'An illustration of the news (needs an image service).' },
  recommendations: { label: 'Recommendations', description: 'What to read first, and why.' },
} as const satisfies Record<string, { label: string; description: string }>;
export type DigestContentType = keyof typeof DIGEST_CONTENT_TYPE_INFO;
export const DIGEST_CONTENT_TYPES = Object.keys(DIGEST_CONTENT_TYPE_INFO) as [
  DigestContentType,
  ...DigestContentType[],
];
export const digestContentTypeLabels = Object.fromEntries(
  DIGEST_CONTENT_TYPES.map((type) => [type, DIGEST_CONTENT_TYPE_INFO[type].label]),
) as Record<DigestContentType, string>;

/** What a generation is: a digest's content type (spec §9) or the one a rewrite platform produces. */
export type ContentType = DigestContentType | PlatformContentType;

/** Each content type's badge on a generation card: the digest's labels, then each platform's own. */
export const contentTypeLabels = {
  ...Object.fromEntries(PLATFORM_LIST.map((platform) => [platform.contentType, platform.contentTypeLabel])),
  ...digestContentTypeLabels,
} as Record<ContentType, string>;

/** Spec §3 "Rewrite platform option" with spec §9's costs, read from the one platform record. */
export {
  PLATFORM_IDS,
  PLATFORM_LIST as REWRITE_PLATFORMS,
  type Platform as RewritePlatform,
  platformNames,
  platformOf as rewritePlatform,
  type RewritePlatformId,
} from './platforms';

/** Why a Free account cannot use a Pro platform; the server's 403 and the dialog say the same. */
export const proOnlyMessage = (platform: Pick<RewritePlatform, 'name'>) =>
  `${platform.name} is a Pro feature. Upgrade to Pro to use it.`;

/** Spec §9: a summary of a feed or a category costs what a text summary costs. */
export const SUMMARY_CREDITS = 1;
/** A new image for an image generation. */
export const IMAGE_CREDITS = 1;

export const FREQUENCIES = ['none', 'daily', 'twice_daily', 'weekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WRITING_STYLES = ['professional', 'casual', 'technical', 'creative', 'academic'] as const;
export type WritingStyle = (typeof WRITING_STYLES)[number];
export const CONTENT_LENGTHS = ['brief', 'medium', 'detailed'] as const;
export type ContentLength = (typeof CONTENT_LENGTHS)[number];
export const contentLengthWords: Record<ContentLength, [number, number]> = {
  brief: [150, 300],
  medium: [300, 600],
  detailed: [600, 1000],
};
export const EMAIL_FORMATS = ['html', 'plain_text'] as const;
export type EmailFormat = (typeof EMAIL_FORMATS)[number];
export const DEFAULT_SUBJECT_TEMPLATE = 'Your Feedloom digest for {date}';

export const languageSchema = z.enum(LANGUAGES, { error: 'Choose one of the supported languages' });
const preferenceModelSchema = z.enum(PREFERENCE_MODEL_IDS, { error: 'Choose one of the available AI models' });

const emailCheck = z.email();
const emailDeliverySchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .refine((value) => value === '' || emailCheck.safeParse(value).success, 'Please enter a valid email address')
  .nullable()
  .transform((value) => (value ? value.toLowerCase() : null));

const subjectTemplateSchema = z
  .string({ error: 'Email subject template is required' })
  .trim()
  .min(1, 'Email subject template is required')
  .max(200, 'Email subject template must be at most 200 characters')
  .refine((value) => !/[\r\n]/.test(value), 'Email subject template must be one line');

export const emailSettingsSchema = z.object({
  emailDelivery: emailDeliverySchema,
  emailFormat: z.enum(EMAIL_FORMATS, { error: 'Email format must be html or plain_text' }),
  emailSubjectTemplate: subjectTemplateSchema,
});

export const preferencesSchema = z.object({
  frequency: z.enum(FREQUENCIES, { error: 'Frequency must be none, daily, twice_daily or weekly' }),
  contentTypes: z
    .array(z.enum(DIGEST_CONTENT_TYPES, { error: 'Unknown content type' }), {
      error: 'At least one content type must be selected',
    })
    .min(1, 'At least one content type must be selected')
    .transform((types) => [...new Set(types)]),
  writingStyle: z.enum(WRITING_STYLES, {
    error: 'Writing style must be professional, casual, technical, creative or academic',
  }),
  contentLength: z.enum(CONTENT_LENGTHS, { error: 'Content length must be brief, medium or detailed' }),
  language: languageSchema,
  aiModel: preferenceModelSchema,
  ...emailSettingsSchema.shape,
});

/** PATCH /api/preferences: any subset of the fields; the SPA sends them all. */
export const updatePreferencesSchema = preferencesSchema.partial();
export const updateLanguageSchema = z.object({ language: languageSchema });

export type PreferencesInput = z.infer<typeof preferencesSchema>;
export type Preferences = PreferencesInput & {
  /** The next scheduled digest (ISO 8601), or null when the frequency is none. */
  nextDeliveryAt: string | null;
  /**
   * Whether the owner of emailDelivery confirmed it. Until then digests and emailed content go to the
   * account's own address (issue 10 H1).
   */
  emailDeliveryConfirmed: boolean;
};
export type HasApiKeys = { openrouter: boolean; replicate: boolean };
export type Credits = { credits: number; isPro: boolean };

export const rewriteSchema = z
  .object({
    language: languageSchema,
    model: z.enum(REWRITE_MODEL_IDS, { error: 'Choose one of the available AI models' }),
    platform: z.enum(PLATFORM_IDS, { error: 'Choose one of the rewrite platforms' }),
    /** Optional; when sent it must be the platform's content type (the SPA sends it from the option). */
    contentType: z.string().max(40).optional(),
  })
  .refine((body) => body.contentType === undefined || body.contentType === platformOf(body.platform).contentType, {
    message: 'The content type does not match the platform',
  });
export type RewriteInput = z.infer<typeof rewriteSchema>;

export const feedSummarySchema = z.object({
  feedId: idSchema('Invalid feed ID'),
  language: languageSchema,
  dateFilter: z.enum(dateFilters, { error: 'Unknown date filter' }).default('none'),
});

export const categorySummarySchema = z.object({
  categoryId: idSchema('Invalid category ID'),
  language: languageSchema,
  dateFilter: z.enum(dateFilters, { error: 'Unknown date filter' }).default('none'),
});

export const GENERATION_STATUSES = ['pending', 'done', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export type GenerationOrigin = 'rewrite' | 'feed_summary' | 'category_summary' | 'digest';

/**
 * Spec §3 "AI generation" plus status and error. `content` is sanitised HTML (no scripts, no images),
 * null while the first run is in progress; `imageUrl` is same-origin (/api/ai-generations/images/…).
 */
export type Generation = {
  id: number;
  title: string;
  content: string | null;
  contentType: ContentType;
  imageUrl: string | null;
  createdAt: string;
  status: GenerationStatus;
  error: string | null;
  origin: GenerationOrigin;
  /**
   * Issue 25: one entry per sentence of the text, in order, with the items it rests on and the support
   * check's verdict; empty for generations without sentences to check (images, the "nothing new" digest).
   */
  citations: Citation[];
  /** The items the citations name, numbered in order of first citation (the small source links). */
  sources: CitedSource[];
  /** Share of sentences judged supported (partly counts half), 0-1; null when nothing was checked. */
  supportScore: number | null;
  /** What the summary says before its sentences: how many items, the themes, items left out. */
  lead: string | null;
};

/** The support check's verdict on one sentence: "unverified" when it could not be checked. */
export const SUPPORT_VERDICTS = ['supported', 'partly', 'not', 'unverified'] as const;
export type SupportVerdict = (typeof SUPPORT_VERDICTS)[number];

export type Citation = {
  sentence: string;
  itemIds: number[];
  support: SupportVerdict;
  /** Why a sentence is not (fully) supported, in words for the reader. */
  note?: string;
  /** The passage of a cited item the sentence rests on. */
  passage?: string;
  /** The heading the sentence stands under (topic analyses), if any. */
  heading?: string;
};

export type CitedSource = { itemId: number; title: string; link: string | null; source: string };

export const supportNotes: Record<Exclude<SupportVerdict, 'supported'>, string> = {
  partly: 'Partly supported by its sources',
  not: 'Not supported by its sources',
  unverified: 'Could not be checked against its sources',
};

/** POST /api/feed-items/:itemId/rewrite: 200 when the model answered in time, else 202 and a job. */
export type RewriteResult = { id: number; content: string; contentType: ContentType };
export type PendingGeneration = { id: number; status: 'pending' };

/** The public path of a stored image: only its owner can load it (see routes/ai-generations.ts). */
export const imageUrlOf = (imageKey: string | null) =>
  imageKey ? `/api/ai-generations/images/${imageKey.replace(/^generations\//, '')}` : null;
