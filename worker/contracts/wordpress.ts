// WordPress sites and publishing (spec §3, §4, §7), shared by the Worker and the SPA.
import * as z from 'zod';
import { idSchema } from './ids';
import { platformForContentType } from './platforms';

export const siteUrlSchema = z
  .string({ error: 'Please enter the site URL' })
  .trim()
  .max(2048, 'The URL is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Please enter a valid URL');

export const addSiteSchema = z.object({
  name: z
    .string({ error: 'Site name is required' })
    .trim()
    .min(1, 'Site name is required')
    .max(100, 'Site name is too long'),
  url: siteUrlSchema,
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200),
  applicationPassword: z
    .string({ error: 'Application password is required' })
    .trim()
    .min(1, 'Application password is required')
    .max(200, 'Application password is too long'),
  isDefault: z.boolean().optional(),
});

export const updateSiteSchema = addSiteSchema.partial();

/**
 * Where a post's featured image comes from: the generation's own image (`true` says the same), the
 * article's image from its feed, or a new image made for the post at IMAGE_CREDITS.
 */
export const FEATURED_IMAGE_SOURCES = ['generation', 'item', 'generate'] as const;
export type FeaturedImageSource = (typeof FEATURED_IMAGE_SOURCES)[number];

export const publishSchema = z.object({
  generationId: idSchema('Choose a generation to publish'),
  wordpressSiteId: idSchema('Choose a WordPress site'),
  status: z.enum(['draft', 'publish'], { error: 'Status must be draft or publish' }),
  categories: z.array(z.number().int().positive()).max(50).default([]),
  featuredImage: z
    .union([z.boolean(), z.enum(FEATURED_IMAGE_SOURCES), z.null()], {
      error: 'The featured image must be the generation’s image, the article’s image or a new one',
    })
    .optional(),
  /** The post's title; when absent, suggestedPostTitle's. */
  title: z
    .string({ error: 'The post title is required' })
    .trim()
    .min(1, 'The post title is required')
    .max(200, 'The post title must be at most 200 characters')
    .optional(),
  /** Tag names: existing tags are reused, new ones created. */
  tags: z
    .array(z.string().trim().min(1, 'A tag cannot be empty').max(100, 'A tag must be at most 100 characters'))
    .max(20, 'At most 20 tags')
    .default([]),
});

export type WordPressSite = { id: number; name: string; url: string; username: string; isDefault: boolean };
export type WordPressTerm = { id: number; name: string; count: number };
/** Every category (all pages), and the site's most used tags to suggest. */
export type WordPressSiteInfo = { categories: WordPressTerm[]; tags: WordPressTerm[] };

const LEADING_HEADING = /^\s*<h[12]\b[^>]*>([\s\S]*?)<\/h[12]>/i;

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The title a blogger would give the post: the post's own opening heading when it has one, else the
 * article's title (the generation's title without the "Blog Post (1000-1200 words): " platform prefix).
 */
export function suggestedPostTitle(generation: { title: string; content: string | null; contentType: string }) {
  const heading = generation.content?.match(LEADING_HEADING)?.[1];
  if (heading && textOf(heading)) return textOf(heading).slice(0, 200);
  const prefix = `${platformForContentType(generation.contentType)?.name ?? ''}: `;
  return generation.title.startsWith(prefix) ? generation.title.slice(prefix.length) : generation.title;
}

/** The post body: the content without its opening title heading, which WordPress shows as the title. */
export const withoutLeadingHeading = (html: string) => html.replace(LEADING_HEADING, '').trimStart();
export type PublishResult = { success: boolean; message: string; postUrl: string | null };

/** What the Worker signs in to a site with; the application password is stored encrypted (db/wordpress-sites.ts). */
export type WordPressCredentials = { url: string; username: string; applicationPassword: string };
