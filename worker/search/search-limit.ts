// Searches per person (issue 29). A search holds its shard's database while it runs (D1 runs one query at
// a time per database: three costly searches in flight took another person's list from 215 ms to
// 9.6 s), so each person gets SEARCHES_PER_MINUTE, counted by Workers Rate Limiting (wrangler.toml
// SEARCH_LIMITER, reached through the services): no D1 call, so a search stays the session and one call.
// Past it, 429 with a message a person can act on. Every page of a search counts (a cursor is a search
// again); the plain lists do not. The count is per Cloudflare location, where a person's requests land.
import { ApiError } from '../lib/errors';

/** wrangler.toml [[ratelimits]] SEARCH_LIMITER: simple = { limit = 30, period = 60 }. */
export const SEARCHES_PER_MINUTE = 30;

export const TOO_MANY_SEARCHES = `Too many searches: at most ${SEARCHES_PER_MINUTE} a minute. Please wait a minute and search again.`;

/** Counts one search of this person; 429 once they are past SEARCHES_PER_MINUTE in this minute. */
export async function limitSearches(limiter: RateLimit, userId: number): Promise<void> {
  const { success } = await limiter.limit({ key: `search:${userId}` });
  if (!success) throw new ApiError('RATE_LIMITED', TOO_MANY_SEARCHES);
}
