// Searches per person (issue 29): a search holds its shard's database, so each person may search
// SEARCHES_PER_MINUTE times a minute (Workers Rate Limiting, counted in memory by Miniflare here); past
// it a 429 says what to do, while their plain list and everyone else's searches go on.
import { describe, expect, it } from 'vitest';
import { SEARCHES_PER_MINUTE, TOO_MANY_SEARCHES } from '../search/search-limit';
import { follow, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

const FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>Limits</title><link>https://example.com/</link>
<description>d</description><item><guid>a</guid><title>Solar energy</title><description>Climate</description></item>
</channel></rss>`;

async function personFollowing() {
  const person = await signUp();
  await follow(call, person.cookie, await scriptFeed(uniqueName('search-limit'), { body: FEED }));
  return person;
}

const searchStatus = async (cookie: string) => (await call('/api/feed-items?search=solar', { cookie })).status;

/**
 * Searches (`search`: one request, its status) until the first refusal, at most one more than the limit;
 * the counts are per minute of the real clock (Miniflare's limiter), so a run that crosses a minute starts
 * counting again: then once more.
 */
async function searchesBeforeRefusal(
  cookie: string,
  search: (cookie: string, n: number) => Promise<number> = searchStatus,
) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const minute = Math.floor(Date.now() / 60_000);
    let answered = 0;
    while (answered <= SEARCHES_PER_MINUTE && (await search(cookie, answered)) === 200) answered++;
    if (answered <= SEARCHES_PER_MINUTE || Math.floor(Date.now() / 60_000) === minute) return answered;
  }
  throw new Error('No refusal in two minutes of the clock');
}

describe('searches per person', () => {
  it(`answers ${SEARCHES_PER_MINUTE} searches a minute, then 429 with what to do; the list and others go on`, async () => {
    const { cookie } = await personFollowing();
    expect(await searchesBeforeRefusal(cookie)).toBe(SEARCHES_PER_MINUTE);
    const refused = await call('/api/feed-items?search=solar', { cookie });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: TOO_MANY_SEARCHES });
    // Their list without a search is no search.
    expect((await call('/api/feed-items', { cookie })).status).toBe(200);
    // Someone else searches as before.
    const other = await personFollowing();
    expect(await searchStatus(other.cookie)).toBe(200);
  });

  it('counts every page, by every door: the list’s next pages, a saved search’s pages, a rule’s preview', async () => {
    const { cookie } = await personFollowing();
    const saved = await call('/api/saved-searches', { cookie, json: { name: 'Solar', query: 'solar' } });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    // A cursor of a search for "solar": a page after its first (empty, but a page of the search all the same).
    const next = `/api/feed-items?search=solar&limit=1&cursor=${encodeURIComponent(btoa('all:newest:search:0:1'))}`;
    const doors = [
      () => call(next, { cookie }),
      () => call(`/api/saved-searches/${id}/items`, { cookie }),
      () => call('/api/rules/preview', { cookie, json: { match: 'solar' } }),
    ];
    // Before: only the list's pages counted, a third of these, and the rest never met the limit.
    const answered = await searchesBeforeRefusal(
      cookie,
      async (_, n) => (await (doors[n % doors.length] ?? doors[0])?.())?.status ?? 0,
    );
    expect(answered).toBe(SEARCHES_PER_MINUTE);
    for (const door of doors) expect((await door()).status).toBe(429);
  });
});
