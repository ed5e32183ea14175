// "Add sample feeds" (development only, mounted under /api/dev): a working reader offline in one click.
// The samples are real feeds of four shapes (RSS with images, Atom, JSON Feed, a podcast) shipped in
// web/public/dev/sample-feeds/ with their licences; this server serves them on its own origin, and
// following them takes the one path every feed takes (followFeed → safeFetch → parse → refresh), so the
// cron refreshes them later like any feed. What makes that possible is configuration, not a second code
// path: the scripts that run a development server (scripts/wrangler-dev.mjs, web/vite.config.ts) add
// the server's own host to FETCH_ALLOW_HOSTS; production never lists it, and answers 404 here anyway.
import { Hono } from 'hono';
import { findOrCreateCategory } from '../db/categories';
import { listFeeds } from '../db/feeds';
import type { AppEnv } from '../env';
import { followFeed } from '../feeds/follow';
import { ApiError, notFound } from '../lib/errors';
import { PLANS } from '../lib/plans';
import { requireUser } from '../middleware/session';

export const SAMPLE_FEEDS = [
  { file: 'guardian.rss', name: 'The Guardian', contentType: 'application/rss+xml' },
  { file: 'aws-blog.atom', name: 'AWS Blog', contentType: 'application/atom+xml' },
  { file: 'inessential.json', name: 'inessential', contentType: 'application/feed+json' },
  { file: 'bombcast.rss', name: 'Giant Bombcast', contentType: 'application/rss+xml' },
] as const;

export const SAMPLE_CATEGORY = 'Samples';
const SAMPLE_PATH = '/api/dev/sample-feeds/';
/** The origin written in the files' image links; replaced by the serving origin (see LICENSES.md there). */
const ORIGIN_IN_FILES = 'http://localhost:8787';
const IMAGE_NAME = /^[a-z0-9-]+\.svg$/;
const AUDIO_NAME = /^bombcast-[0-9]+\.wav$/;

const sampleUrl = (appUrl: string, file: string) => new URL(`${SAMPLE_PATH}${file}`, appUrl).href;

/** The sample file from the static assets, or null (a missing file answers the SPA's index.html). */
async function readAsset(assets: Fetcher, requestUrl: string, path: string) {
  const response = await assets.fetch(new URL(`/dev/sample-feeds/${path}`, requestUrl));
  if (!response.ok || response.headers.get('content-type')?.includes('text/html')) return null;
  return response;
}

export const sampleFeedRoutes = new Hono<AppEnv>()
  /** What "Add sample feeds" would follow; answering at all tells the SPA it runs in development. */
  .get('/', (c) =>
    c.json({ feeds: SAMPLE_FEEDS.map(({ name, file }) => ({ name, url: sampleUrl(c.var.config.appUrl, file) })) }),
  )
  /**
   * Follows the sample feeds the person does not follow yet, in a "Samples" category, within their plan:
   * they take the plan's free places but one, which stays for a feed of the person's own (issue 27: a Free
   * account of 3 feeds was given all 4 and could then add nothing). Answers { followed, skipped }, skipped
   * being the samples left out for want of room.
   */
  .post('/', requireUser, async (c) => {
    const user = c.var.user;
    if (!user) throw new ApiError('UNAUTHORIZED', 'Not signed in');
    const mine = c.var.db.people.of(user);
    const following = new Set((await listFeeds(mine, user.id)).map((feed) => feed.url));
    let room = PLANS[user.plan].maxFeeds - following.size - 1;
    const category = await findOrCreateCategory(mine, user.id, SAMPLE_CATEGORY);
    let followed = 0;
    let skipped = 0;
    for (const sample of SAMPLE_FEEDS) {
      const url = sampleUrl(c.var.config.appUrl, sample.file);
      if (following.has(url)) continue;
      if (room <= 0) {
        skipped++;
        continue;
      }
      try {
        await followFeed(c.var.services, user, {
          url,
          name: sample.name,
          categoryId: category.id,
          includeInAi: true,
        });
        followed++;
        room--;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'CONFLICT') continue;
        if (error instanceof ApiError && /private network/.test(error.message)) {
          throw new ApiError(
            'UNPROCESSABLE',
            `The sample feeds are served by this server (${new URL(c.var.config.appUrl).host}), which FETCH_ALLOW_HOSTS must list: npm start and npm run dev add it.`,
          );
        }
        throw error;
      }
    }
    return c.json({ followed, skipped });
  })
  .get('/images/:name', async (c) => {
    const name = c.req.param('name');
    const asset = IMAGE_NAME.test(name) ? await readAsset(c.var.services.assets, c.req.url, `images/${name}`) : null;
    if (!asset) throw notFound('Image');
    return new Response(asset.body, {
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' },
    });
  })
  // Every episode of the sample podcast plays the same short recording; a player asks for byte ranges
  // (RFC 9110 §14) to seek and resume, so they are answered.
  .get('/audio/:name', async (c) => {
    const asset = AUDIO_NAME.test(c.req.param('name'))
      ? await readAsset(c.var.services.assets, c.req.url, 'audio/bombcast.wav')
      : null;
    if (!asset) throw notFound('Audio');
    const bytes = new Uint8Array(await asset.arrayBuffer());
    const headers = { 'content-type': 'audio/wav', 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=3600' };
    const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
    if (!range || (range[1] === '' && range[2] === '')) return new Response(bytes, { headers });
    const size = bytes.length;
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    if (start >= size || start > end)
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
    return new Response(bytes.slice(start, end + 1), {
      status: 206,
      headers: { ...headers, 'content-range': `bytes ${start}-${end}/${size}` },
    });
  })
  .get('/:file', async (c) => {
    const sample = SAMPLE_FEEDS.find((feed) => feed.file === c.req.param('file'));
    const asset = sample ? await readAsset(c.var.services.assets, c.req.url, sample.file) : null;
    if (!sample || !asset) throw notFound('Sample feed');
    const origin = c.var.config.appOrigin;
    const text = (await asset.text()).replaceAll(`${ORIGIN_IN_FILES}${SAMPLE_PATH}`, `${origin}${SAMPLE_PATH}`);
    return new Response(text, { headers: { 'content-type': `${sample.contentType}; charset=utf-8` } });
  });
