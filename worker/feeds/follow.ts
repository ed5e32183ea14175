// Following a feed from a URL someone typed: find the feed (the URL itself, or discovery on a web
// page), reuse the shared feed row when anyone already follows it, subscribe within the plan's limit,
// and store its items at once from the response already in hand, so a new feed is never empty.
// Each lookup a person makes (preview, follow) is paid from their fetch budget: at most
// LOOKUP_FETCH_BUDGET fetches per 15 minutes, so nobody can make us fetch the web on their behalf at will
// (issue 10 L3). Its memory is bounded too: the page is read for links up to PAGE_LINKS_BYTES, and
// candidates as discover.ts caps them.
import type { Db, PersonPlacement } from '../db/client';
import { countFeeds, feedLimitError, findFeedByUrl, keepFeedOfSubscription, subscribe, upsertFeed } from '../db/feeds';
import { ApiError } from '../lib/errors';
import type { Plan } from '../lib/plans';
import { reserveFetches } from '../middleware/rate-limit';
import type { UrlFetcher } from '../net/fetcher';
import { SafeFetchError, type SafeFetchResponse } from '../net/safe-fetch';
import type { Services } from '../services';
import { CANDIDATE_MAX_BYTES, DISCOVERY_MAX_CHECKS, discoverFeeds } from './discover';
import { FEED_ACCEPT, FeedParseError, type ParsedFeed, parseFeed } from './parse';
import { FEED_MAX_BYTES, refreshFeed } from './refresh';

export type ResolvedFeed = { feedUrl: string; parsed: ParsedFeed; response: SafeFetchResponse };

/** `feed://host/path` and `feed:https://…` (the feed URI scheme browsers once used) become http(s). */
export function normaliseFeedUrl(input: string) {
  let text = input.trim();
  if (/^feed:\/\//i.test(text)) text = `http://${text.slice(7)}`;
  else if (/^feed:/i.test(text)) text = text.slice(5);
  const url = new URL(text);
  url.hash = '';
  return url.toString();
}

/** The most fetches one lookup makes: the address itself, then discovery's candidates. */
export const LOOKUP_MAX_FETCHES = 1 + DISCOVERY_MAX_CHECKS;
/** Fetches one person's lookups may make per 15 minutes: a dozen discoveries, or about 180 direct feeds. */
export const LOOKUP_FETCH_BUDGET = 200;
/** Feed links sit in a page's head or near its top; a longer page is read only this far for them. */
const PAGE_LINKS_BYTES = 1024 * 1024;

/** Counts each outbound fetch of one lookup. */
type CountFetch = () => void;

async function fetchAndParse(url: string, fetcher: UrlFetcher, maxBytes: number, countFetch: CountFetch) {
  countFetch();
  const response = await fetcher.fetch(url, { maxBytes, accept: FEED_ACCEPT });
  if (response.status >= 400) throw new ApiError('UNPROCESSABLE', `The server answered ${response.status} for ${url}`);
  try {
    return { response, parsed: parseFeed(response.body, response.url, response.charset ?? undefined) };
  } catch (error) {
    if (error instanceof FeedParseError) return { response, parsed: null, parseError: error };
    throw error;
  }
}

/** The feed at `input`: the URL itself when it is a feed, else the first feed its page links to. */
export async function resolveFeed(
  input: string,
  fetcher: UrlFetcher,
  countFetch: CountFetch = () => {},
): Promise<ResolvedFeed> {
  const url = normaliseFeedUrlOrThrow(input);
  try {
    const first = await fetchAndParse(url, fetcher, FEED_MAX_BYTES, countFetch);
    if (first.parsed) return { feedUrl: first.response.url, parsed: first.parsed, response: first.response };
    const isHtml =
      /html/i.test(first.response.contentType ?? '') ||
      /<html[\s>]/i.test(new TextDecoder().decode(first.response.body.subarray(0, 4096)));
    if (!isHtml) throw new ApiError('UNPROCESSABLE', first.parseError?.message ?? 'This address is not a feed');
    // Discovery fetches and parses candidates to verify them; keep the one it found, so that feed is not
    // fetched a second time. Only the first is wanted: discovery stops there.
    let resolved: ResolvedFeed | undefined;
    const verify = async (candidate: string) => {
      const next = await fetchAndParse(candidate, fetcher, CANDIDATE_MAX_BYTES, countFetch);
      if (!next.parsed) return null;
      resolved ??= { feedUrl: next.response.url, parsed: next.parsed, response: next.response };
      return { url: next.response.url, title: next.parsed.title, siteUrl: next.parsed.link };
    };
    const html = new TextDecoder().decode(first.response.body.subarray(0, PAGE_LINKS_BYTES));
    const [found] = await discoverFeeds(first.response.url, html, { verify, firstOnly: true });
    if (!found || !resolved) {
      throw new ApiError('UNPROCESSABLE', 'No feed was found at this address. Try the address of the feed itself.');
    }
    return resolved;
  } catch (error) {
    if (error instanceof SafeFetchError) throw new ApiError('UNPROCESSABLE', error.message);
    throw error;
  }
}

/** Runs one lookup for a person within their fetch budget; 429 once it is spent. */
async function withLookupBudget<T>(db: Db, userId: number, lookUp: (countFetch: CountFetch) => Promise<T>) {
  const budget = await reserveFetches(
    db,
    `feed-lookup:user:${userId}`,
    LOOKUP_MAX_FETCHES,
    LOOKUP_FETCH_BUDGET,
    'Too many feed lookups. Please wait 15 minutes and try again.',
  );
  let used = 0;
  try {
    return await lookUp(() => {
      used++;
    });
  } finally {
    await budget.settle(used);
  }
}

/** The add-feed dialog's preview: the feed found at `url`, paid from the person's fetch budget. */
export function previewFeed(
  { db, fetcher }: Pick<Services, 'db' | 'fetcher'>,
  userId: number,
  url: string,
): Promise<ResolvedFeed> {
  return withLookupBudget(db, userId, (countFetch) => resolveFeed(url, fetcher, countFetch));
}

/** `name` may be empty (a sync client's quick add): the feed's own title is used, else its host. */
export type FollowInput = { url: string; name: string; categoryId: number | null; includeInAi: boolean };

const nameOr = (name: string, title: string | null | undefined, url: string) =>
  name.trim() || title?.trim() || new URL(url).host;

export type FollowOptions = {
  /** False for an OPML import, which has quotas of its own (import-opml.ts): its fetches are not a lookup's. */
  budgeted?: boolean;
};

export async function followFeed(
  {
    db,
    fetcher,
    storyVectors,
    storyIndex,
  }: Pick<Services, 'db' | 'fetcher'> & Partial<Pick<Services, 'storyVectors' | 'storyIndex'>>,
  user: { id: number; plan: Plan } & PersonPlacement,
  input: FollowInput,
  { budgeted = true }: FollowOptions = {},
) {
  // The subscription goes to the person's people database; the feed to its feed shard.
  const mine = db.people.of(user);
  const limit = await countFeeds(mine, user.id, user.plan);
  if (limit.limitReached) throw feedLimitError(user.plan);

  const typed = normaliseFeedUrlOrThrow(input.url);
  const known = await findFeedByUrl(db, typed);
  if (known) {
    await subscribe(mine, user.id, user.plan, {
      ...input,
      name: nameOr(input.name, known.title, typed),
      feedId: known.id,
    });
    await keepFeedOfSubscription(db, asStored(known));
    return known.id;
  }

  const resolved = budgeted
    ? await withLookupBudget(db, user.id, (countFetch) => resolveFeed(typed, fetcher, countFetch))
    : await resolveFeed(typed, fetcher);
  const feed = await upsertFeed(db, {
    url: resolved.feedUrl,
    title: resolved.parsed.title || null,
    siteUrl: resolved.parsed.link,
    description: null,
  });
  await subscribe(mine, user.id, user.plan, {
    ...input,
    name: nameOr(input.name, resolved.parsed.title, resolved.feedUrl),
    feedId: feed.id,
  });
  await keepFeedOfSubscription(db, asStored(feed));
  if (!feed.lastFetchedAt) {
    // Store the items from the response we already have instead of fetching the feed a second time.
    await refreshFeed(
      { db, fetcher: { ...fetcher, fetch: async () => resolved.response }, storyVectors, storyIndex },
      feed.id,
    );
  }
  return feed.id;
}

/** A feed row as storing it again needs it (db/feeds.ts keepFeedOfSubscription). */
const asStored = (feed: {
  id: number;
  url: string;
  title: string | null;
  siteUrl: string | null;
  description: string | null;
}) => ({
  id: feed.id,
  url: feed.url,
  title: feed.title,
  site_url: feed.siteUrl,
  description: feed.description,
});

function normaliseFeedUrlOrThrow(input: string) {
  try {
    return normaliseFeedUrl(input);
  } catch {
    throw new ApiError('BAD_REQUEST', 'Please enter a valid URL');
  }
}
