// Publishing a generation to a person's WordPress site (spec §4 "WordPress publish"): the
// generation's image goes up as the featured image first, then the post, as a draft or published.
import { and, eq } from 'drizzle-orm';
import { aiGenerations } from '../../schema';
import type { PublishResult } from '../contracts/wordpress';
import type { Db } from '../db/client';
import { siteCredentials } from '../db/wordpress-sites';
import { sanitizeHtml } from '../feeds/sanitize';
import { ApiError, notFound } from '../lib/errors';
import { escapeHtml } from '../lib/html';
import { createPost, uploadMedia } from './wordpress';

export type PublishRequest = {
  generationId: number;
  wordpressSiteId: number;
  status: 'draft' | 'publish';
  categories: number[];
  featuredImage?: boolean | string | null;
};

type Deps = { db: Db; images: R2Bucket; encryptionKey: string; allowHosts: string };

/** Plain-text generations become paragraphs; HTML ones are sanitised again on the way out. */
function toPostHtml(content: string) {
  if (/<\/?(p|h[1-6]|ul|ol|li|blockquote|div|br)[\s>/]/i.test(content)) return sanitizeHtml(content);
  return content
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export async function publishGeneration(deps: Deps, userId: number, request: PublishRequest): Promise<PublishResult> {
  const [generation] = await deps.db
    .select()
    .from(aiGenerations)
    .where(and(eq(aiGenerations.id, request.generationId), eq(aiGenerations.userId, userId)));
  if (!generation) throw notFound('Generation');
  if (!generation.content && !generation.imageKey) {
    throw new ApiError('CONFLICT', 'This generation is still in progress. Publish it once it has content.');
  }
  const credentials = await siteCredentials(deps.db, deps.encryptionKey, userId, request.wordpressSiteId);

  let featuredMedia: number | undefined;
  if (request.featuredImage && generation.imageKey) {
    const image = await deps.images.get(generation.imageKey);
    if (image) {
      featuredMedia = await uploadMedia(credentials, deps.allowHosts, {
        bytes: await image.arrayBuffer(),
        contentType: image.httpMetadata?.contentType ?? 'image/jpeg',
        filename: `feedloom-${generation.id}.jpg`,
      });
    }
  }
  const post = await createPost(credentials, deps.allowHosts, {
    title: generation.title,
    content: toPostHtml(generation.content ?? ''),
    status: request.status,
    categories: request.categories,
    featuredMedia,
  });
  return {
    success: true,
    message: request.status === 'publish' ? 'Published successfully' : 'Saved as a draft in WordPress',
    postUrl: post.link,
  };
}
