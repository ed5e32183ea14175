// The featured image of a WordPress post (issue 11 item 4), from one of three places: the generation's
// own image in R2, the article's image from its feed (fetched through safeFetch like any URL a feed
// gave us), or a new image drawn for the post, charged IMAGE_CREDITS and refunded if it cannot be made.
import { AiError, aiLimits } from '../ai/client';
import { detectImageType } from '../ai/images';
import { imagePromptFor } from '../ai/offline';
import { sourceItemsOf } from '../ai/source-items';
import { chargeCredits } from '../billing/credits';
import { IMAGE_CREDITS } from '../contracts/ai';
import type { FeaturedImageSource } from '../contracts/wordpress';
import { refundCredits } from '../db/credits';
import { type GenerationRow, requestOf } from '../db/generations';
import { getItem } from '../db/item-row';
import { peopleDbOfUser } from '../db/users';
import { ApiError } from '../lib/errors';
import { SafeFetchError } from '../net/safe-fetch';
import type { ServicesAndEnv } from '../services';

export type FeaturedImage = { bytes: ArrayBuffer; contentType: string; filename: string };

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** `true` (the spec's boolean) means the generation's image; false or null, none. */
export function featuredImageSource(choice: boolean | FeaturedImageSource | null | undefined) {
  if (choice === true) return 'generation';
  return choice || null;
}

export async function loadFeaturedImage(
  deps: ServicesAndEnv,
  userId: number,
  generation: GenerationRow,
  source: FeaturedImageSource,
): Promise<FeaturedImage | null> {
  const filename = `feedloom-${generation.id}.jpg`;
  if (source === 'generation') {
    const image = generation.imageKey ? await deps.images.bucket.get(generation.imageKey) : null;
    if (!image) throw new ApiError('BAD_REQUEST', 'This generation has no image to use as the featured image.');
    return { bytes: await image.arrayBuffer(), contentType: image.httpMetadata?.contentType ?? 'image/jpeg', filename };
  }
  if (source === 'item') return { ...(await articleImage(deps, userId, generation)), filename };
  return { ...(await drawnImage(deps, userId, generation)), filename };
}

async function articleImage({ db, fetcher }: ServicesAndEnv, userId: number, generation: GenerationRow) {
  const [itemId] = requestOf(generation).itemIds;
  const thumbnail = itemId
    ? (await getItem(await peopleDbOfUser(db, userId), userId, itemId).catch(() => null))?.item.thumbnail
    : null;
  if (!thumbnail)
    throw new ApiError('BAD_REQUEST', 'The article has no image of its own. Choose another featured image.');
  try {
    const response = await fetcher.fetch(thumbnail, {
      accept: 'image/jpeg, image/png, image/webp, image/gif',
      maxBytes: MAX_IMAGE_BYTES,
    });
    const contentType = response.status < 400 ? detectImageType(response.body) : null;
    if (!contentType) throw new ApiError('UPSTREAM_FAILED', 'The article’s image could not be downloaded.');
    return { bytes: response.body.slice().buffer, contentType };
  } catch (error) {
    if (error instanceof SafeFetchError) {
      throw new ApiError('UPSTREAM_FAILED', `The article’s image could not be downloaded (${error.message}).`);
    }
    throw error;
  }
}

async function drawnImage(deps: ServicesAndEnv, userId: number, generation: GenerationRow) {
  const { db, images } = deps;
  if (!images.canDraw) {
    throw new ApiError(
      'BAD_REQUEST',
      'New images need a Replicate API token (REPLICATE_API_TOKEN), and none is configured.',
    );
  }
  const chargeKey = `featured-image:${generation.id}:${crypto.randomUUID()}`;
  const reason = `Featured image: ${generation.title}`.slice(0, 200);
  await chargeCredits(db, userId, IMAGE_CREDITS, reason, chargeKey);
  try {
    const items = await sourceItemsOf(await peopleDbOfUser(db, userId), userId, requestOf(generation).itemIds);
    const key = await images.draw(generation.id, imagePromptFor(items), aiLimits.inlineMs);
    const object = await images.bucket.get(key);
    // The image lives on in WordPress; our copy was only the way there.
    await images.bucket.delete(key);
    if (!object) throw new AiError('image', 'The new image was lost before it could be uploaded.');
    return { bytes: await object.arrayBuffer(), contentType: object.httpMetadata?.contentType ?? 'image/jpeg' };
  } catch (error) {
    await refundCredits(db, userId, IMAGE_CREDITS, `Refund: ${reason}`.slice(0, 200), chargeKey);
    if (error instanceof AiError) throw new ApiError('UPSTREAM_FAILED', error.message);
    throw error;
  }
}
