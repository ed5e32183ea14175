// Which story an item joins by its embedding (story-vectors.ts), when its words found none: the same
// rules as the words' (grouping.ts), with the embeddings' cosine similarity in place of the words'
// estimate: the story's first item is of another feed, arrived within 72 hours of the item, and is close
// enough. Only the story's first item is in the vector index, so a story cannot drift here either.
import { STORY_WINDOW_MS } from './grouping';
import type { StoryVectorMatch } from './story-vectors';

/**
 * The least cosine similarity between an item's embedding and a story's first item's for the item to join
 * it. Not measured on the real model here (no network): a deployment that binds it should measure it on
 * its own stories, as bench/stories.mjs measures the words' threshold, and raise it before precision
 * falls below 0.95.
 */
export const VECTOR_JOIN_SCORE = 0.85;

/** How many nearest stories each item is compared with. */
export const NEAREST_STORIES = 3;

/**
 * Most items of one refresh looked up by embedding (the newest first): each lookup is a subrequest, and a
 * feed's first fetch may bring 500 items (refresh.ts MAX_ITEMS_PER_FEED).
 */
export const MOST_VECTOR_LOOKUPS = 20;

/** The story the item joins among its nearest, or null: the closest that the rules allow. */
export function storyByVector(item: { feedId: number; at: number }, matches: StoryVectorMatch[]): number | null {
  const allowed = matches.filter(
    (match) =>
      match.score >= VECTOR_JOIN_SCORE &&
      match.feedId !== item.feedId &&
      Number.isFinite(match.at) &&
      Math.abs(item.at - match.at) <= STORY_WINDOW_MS,
  );
  allowed.sort((a, b) => b.score - a.score || a.storyId - b.storyId);
  return allowed[0]?.storyId ?? null;
}
