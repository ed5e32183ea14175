// Request and response shapes for categories, feeds and feed items (spec §3, §5, §7), shared by the
// Worker and the SPA.
import * as z from 'zod';
import { idSchema } from './ids';

export const dateFilters = ['none', 'today', 'yesterday', 'last7days', 'last30days'] as const;
export type DateFilter = (typeof dateFilters)[number];
export const dateFilterLabels: Record<DateFilter, string> = {
  none: 'All time',
  today: 'Today',
  yesterday: 'Yesterday',
  last7days: 'Last 7 days',
  last30days: 'Last 30 days',
};

export const feedUrlSchema = z
  .string({ error: 'Please enter a valid URL' })
  .trim()
  .max(2048, 'The URL is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'feed:';
    } catch {
      return false;
    }
  }, 'Please enter a valid URL');

export const addFeedSchema = z.object({
  url: feedUrlSchema,
  name: z
    .string({ error: 'Feed name is required' })
    .trim()
    .min(1, 'Feed name is required')
    .max(200, 'Feed name is too long'),
  categoryId: idSchema('Invalid category ID').nullable().optional(),
  includeInAi: z.boolean().optional().default(true),
});

export const updateFeedSchema = z.object({
  name: z.string().trim().min(1, 'Feed name is required').max(200, 'Feed name is too long').optional(),
  categoryId: idSchema('Invalid category ID').nullable().optional(),
  includeInAi: z.boolean().optional(),
  fullArticle: z.boolean({ error: 'fullArticle must be true or false' }).optional(),
});

export const categoryNameSchema = z.object({
  name: z
    .string({ error: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .max(100, 'Category name is too long'),
});

export const refreshFeedsSchema = z.object({ feedId: idSchema('Invalid feed ID').optional() });

/** The longest search text: room for a dozen words and phrases, not for a pasted article (issue 14). */
export const MAX_SEARCH_CHARS = 300;

/** Where a list's next page starts (the previous page's nextCursor), as every item list takes it. */
export const pageCursorSchema = z.string().max(100, 'Invalid cursor').optional();
/** A list page's size, as every item list takes it. */
export const pageLimitSchema = z.coerce
  .number('limit must be a whole number from 1 to 100')
  .int('limit must be a whole number from 1 to 100')
  .min(1, 'limit must be a whole number from 1 to 100')
  .max(100, 'limit must be a whole number from 1 to 100')
  .default(30);

export const feedItemsQuerySchema = z
  .object({
    categoryId: idSchema('Invalid category ID').optional(),
    feedId: idSchema('Invalid feed ID').optional(),
    filter: z.enum(['all', 'unread', 'read', 'starred'], 'filter must be all, unread, read or starred').default('all'),
    sort: z.enum(['newest', 'oldest', 'relevance'], 'sort must be newest, oldest or relevance').default('newest'),
    dateFilter: z.enum(dateFilters).default('none'),
    cursor: pageCursorSchema,
    limit: pageLimitSchema,
    // Only items with (true) or without (false) an enclosure: a podcast's episodes.
    hasEnclosure: z
      .enum(['true', 'false'], 'hasEnclosure must be true or false')
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
    // Items a rule hid (issue 26) are left out unless this is true.
    includeHidden: z
      .enum(['true', 'false'], 'includeHidden must be true or false')
      .optional()
      .transform((value) => value === 'true'),
    // threads=false: every item its own row, this request only (issue 24); stories collapse by default.
    threads: z
      .enum(['true', 'false'], 'threads must be true or false')
      .optional()
      .transform((value) => value !== 'false'),
    // Blank is no search: the list as without it.
    search: z
      .string()
      .trim()
      .max(MAX_SEARCH_CHARS, `Search must be at most ${MAX_SEARCH_CHARS} characters`)
      .optional()
      .transform((text) => text || undefined),
  })
  .refine((query) => query.sort !== 'relevance' || query.search !== undefined, {
    message: 'Sorting by relevance needs a search',
    path: ['sort'],
  });

export const markReadSchema = z
  .object({
    feedId: idSchema('Invalid feed ID').optional(),
    categoryId: idSchema('Invalid category ID').optional(),
    all: z.literal(true).optional(),
    before: z.iso.datetime({ offset: true, error: 'Invalid time value' }).optional(),
  })
  .refine((body) => [body.feedId, body.categoryId, body.all].filter((v) => v !== undefined).length === 1, {
    message: 'Choose one of feedId, categoryId or all',
  });

export const updateItemSchema = z
  .object({
    isRead: z.boolean({ error: 'isRead must be true or false' }).optional(),
    isStarred: z.boolean({ error: 'isStarred must be true or false' }).optional(),
  })
  .refine((body) => body.isRead !== undefined || body.isStarred !== undefined, 'Give isRead or isStarred');

export type FeedListEntry = {
  id: number;
  name: string;
  url: string;
  websiteUrl: string | null;
  favicon: string | null;
};
export type FeedDetail = FeedListEntry & {
  description: string | null;
  categoryId: number | null;
  category: { id: number; name: string } | null;
  includeInAi: boolean;
  /** "Always fetch the full article" (issue 27 §4). */
  fullArticle: boolean;
  lastError: string | null;
  lastFetchedAt: string | null;
};
export type FeedCount = { count: number; maxFeeds: number; isPro: boolean; limitReached: boolean };
export type FeedPreview = { title: string; url: string; siteUrl: string | null };
export type Category = { id: number; name: string };
export type CategoryWithFeeds = {
  id: number | null;
  name: string;
  unreadCount: number;
  feeds: (FeedListEntry & { unreadCount: number; lastError: string | null })[];
};
/** What a feed says about one of its items, once: the API's item, the stored row and a refresh's values. */
export type ItemText = {
  title: string;
  description: string | null;
  content: string | null;
  link: string | null;
  thumbnail: string | null;
  author: string | null;
};
/** A file an item carries (a podcast's audio, a video): its address, media type and size in bytes, as the feed says. */
export type Enclosure = { url: string; type: string | null; length: number | null };
export type FeedItem = ItemText & {
  id: number;
  feedId: number;
  source: string;
  pubDate: string;
  createdAt: string;
  isRead: boolean;
  isStarred: boolean;
  enclosures: Enclosure[];
  /**
   * The story it belongs to (issue 24): its id (the story's first item's) and how many of the person's
   * items the list shows in it. A collapsed row (My Feed, a category, search) also names the other
   * sources in `alsoIn`.
   */
  story: StoryRef;
  alsoIn?: StorySource[];
  /**
   * Set by the reading core when the item is in a story of two or more (its row's story_id): what the
   * lists use to count the story's sources. The REST lists take it off before they answer.
   */
  inStory?: true;
  /**
   * Only on items of a feed the person reads with "Always fetch the full article" (issue 27 §4): the
   * content is the extracted article ('extracted'), or still the feed's own because the page is being
   * fetched ('pending') or could not be read ('failed').
   */
  fullArticle?: FullArticleState;
};
export type FullArticleState = 'extracted' | 'pending' | 'failed';
export type StoryRef = {
  id: number;
  size: number;
  /**
   * On a collapsed row of a read story: how many of its other sources the person has not read, such as a
   * source that arrived after they read it ("1 new source"); the story stays read.
   */
  newSources?: number;
};
/** Another source of a collapsed story: enough to show and open it. */
export type StorySource = {
  id: number;
  feedId: number;
  source: string;
  title: string;
  link: string | null;
  pubDate: string;
  isRead: boolean;
};
/** A search result: the item and an HTML excerpt of it, escaped but for <mark> around the words found. */
export type SearchResult = FeedItem & { snippet: string };
export type OpmlImportResult = {
  id: number;
  status: 'pending' | 'done' | 'failed';
  added: number;
  skipped: number;
  failed: number;
  errors: { url: string; message: string }[];
};
