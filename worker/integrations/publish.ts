// Publishing a generation to a person's WordPress site (spec §4 "WordPress publish") as a blogger would:
// the article's own title (never the platform label), a body that does not repeat it as a heading, the
// chosen categories and tags, and a featured image uploaded first, as a draft or published.
import {
  type FeaturedImageSource,
  type PublishResult,
  suggestedPostTitle,
  withoutLeadingHeading,
} from '../contracts/wordpress';
import { getGeneration } from '../db/generations';
import { siteCredentials } from '../db/wordpress-sites';
import { escapeText } from '../html/entities';
import { sanitizeHtml } from '../html/sanitize';
import { ApiError } from '../lib/errors';
import type { ServicesAndEnv } from '../services';
import { featuredImageSource, loadFeaturedImage } from './featured-image';
import { createPost, resolveTagIds, uploadMedia } from './wordpress';

export type PublishRequest = {
  generationId: number;
  wordpressSiteId: number;
  status: 'draft' | 'publish';
  categories: number[];
  featuredImage?: boolean | FeaturedImageSource | null;
  title?: string;
  tags: string[];
};

type Deps = ServicesAndEnv;

/** Plain-text generations become paragraphs; HTML ones are sanitised again on the way out. */
function toPostHtml(content: string) {
  if (/<\/?(p|h[1-6]|ul|ol|li|blockquote|div|br)[\s>/]/i.test(content)) {
    return withoutLeadingHeading(sanitizeHtml(content));
  }
  return content
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeText(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export async function publishGeneration(deps: Deps, userId: number, request: PublishRequest): Promise<PublishResult> {
  const generation = await getGeneration(deps.db, userId, request.generationId);
  if (!generation.content && !generation.imageKey) {
    throw new ApiError('CONFLICT', 'This generation is still in progress. Publish it once it has content.');
  }
  const { fetcher } = deps;
  const key = deps.config.secrets.encryption;
  const credentials = await siteCredentials(deps.db, key, userId, request.wordpressSiteId);

  const tags = await resolveTagIds(credentials, fetcher, request.tags);
  const imageSource = featuredImageSource(request.featuredImage);
  const image = imageSource ? await loadFeaturedImage(deps, userId, generation, imageSource) : null;
  const featuredMedia = image ? await uploadMedia(credentials, fetcher, image) : undefined;
  const post = await createPost(credentials, fetcher, {
    title: request.title ?? suggestedPostTitle(generation),
    content: toPostHtml(generation.content ?? ''),
    status: request.status,
    categories: request.categories,
    tags,
    featuredMedia,
  });
  return {
    success: true,
    message: request.status === 'publish' ? 'Published successfully' : 'Saved as a draft in WordPress',
    postUrl: post.link,
  };
}
