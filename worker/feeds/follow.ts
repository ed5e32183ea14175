// Following a feed from a URL someone typed: find the feed (the URL itself, or discovery on a web
// page), reuse the shared feed row when anyone already follows it, subscribe within the plan's limit,
// and store its items at once from the response already in hand, so a new feed is never empty.

import type { Db } from '../db/client';
import { countFeeds, feedLimitError, findFeedByUrl, subscribe, upsertFeed } from '../db/feeds';
import { ApiError } from '../lib/errors';
import type { Plan } from '../lib/plans';
import { SafeFetchError, type SafeFetchResponse, safeFetch } from '../net/safe-fetch';
import { discoverFeeds } from './discover';
import { FeedParseError, type ParsedFeed, parseFeed } from './parse';
import { refreshFeed } from './refresh';

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

async function fetchAndParse(url: string, allowHosts: string) {
  const response = await safeFetch(url, { allowHosts });
  if (response.status >= 400) throw new ApiError('UNPROCESSABLE', `The server answered ${response.status} for ${url}`);
  try {
    return { response, parsed: parseFeed(response.body, response.url, response.charset ?? undefined) };
  } catch (error) {
    if (error instanceof FeedParseError) return { response, parsed: null, parseError: error };
    throw error;
  }
}

/** The feed at `input`: the URL itself when it is a feed, else the first feed its page links to. */
export async function resolveFeed(input: string, allowHosts: string): Promise<ResolvedFeed> {
  const url = normaliseFeedUrlOrThrow(input);
  try {
    const first = await fetchAndParse(url, allowHosts);
    if (first.parsed) return { feedUrl: first.response.url, parsed: first.parsed, response: first.response };
    const isHtml =
      /html/i.test(first.response.contentType ?? '') ||
      /<html[\s>]/i.test(new TextDecoder().decode(first.response.body.subarray(0, 4096)));
    if (!isHtml) throw new ApiError('UNPROCESSABLE', first.parseError?.message ?? 'This address is not a feed');
    // Discovery fetches and parses every candidate to verify it; keep what it read, so the feed found
    // is not fetched a second time.
    const verified = new Map<string, ResolvedFeed>();
    const verify = async (candidate: string) => {
      const next = await fetchAndParse(candidate, allowHosts);
      if (!next.parsed) return null;
      verified.set(next.response.url, { feedUrl: next.response.url, parsed: next.parsed, response: next.response });
      return { url: next.response.url, title: next.parsed.title, siteUrl: next.parsed.link };
    };
    const html = new TextDecoder().decode(first.response.body);
    const [found] = await discoverFeeds(first.response.url, html, { verify });
    const resolved = found ? verified.get(found.feedUrl) : undefined;
    if (!resolved) {
      throw new ApiError('UNPROCESSABLE', 'No feed was found at this address. Try the address of the feed itself.');
    }
    return resolved;
  } catch (error) {
    if (error instanceof SafeFetchError) throw new ApiError('UNPROCESSABLE', error.message);
    throw error;
  }
}

/** `name` may be empty (a sync client's quick add): the feed's own title is used, else its host. */
export type FollowInput = { url: string; name: string; categoryId: number | null; includeInAi: boolean };

const nameOr = (name: string, title: string | null | undefined, url: string) =>
  name.trim() || title?.trim() || new URL(url).host;

export async function followFeed(db: Db, allowHosts: string, user: { id: number; plan: Plan }, input: FollowInput) {
  const limit = await countFeeds(db, user.id, user.plan);
  if (limit.limitReached) throw feedLimitError(user.plan);

  const typed = normaliseFeedUrlOrThrow(input.url);
  const known = await findFeedByUrl(db, typed);
  if (known) {
    await subscribe(db, user.id, user.plan, {
      ...input,
      name: nameOr(input.name, known.title, typed),
      feedId: known.id,
    });
    return known.id;
  }

  const resolved = await resolveFeed(typed, allowHosts);
  const feed = await upsertFeed(db, {
    url: resolved.feedUrl,
    title: resolved.parsed.title || null,
    siteUrl: resolved.parsed.link,
    description: null,
  });
  await subscribe(db, user.id, user.plan, {
    ...input,
    name: nameOr(input.name, resolved.parsed.title, resolved.feedUrl),
    feedId: feed.id,
  });
  if (!feed.lastFetchedAt) {
    // Store the items from the response we already have instead of fetching the feed a second time.
    await refreshFeed({ db, allowHosts, fetchFeed: async () => resolved.response }, feed.id);
  }
  return feed.id;
}

function normaliseFeedUrlOrThrow(input: string) {
  try {
    return normaliseFeedUrl(input);
  } catch {
    throw new ApiError('BAD_REQUEST', 'Please enter a valid URL');
  }
}
