// Reading through the API: read marks move the unread counts, date filters and sort order page by page,
// and hostile content comes back safe.
import { describe, expect, it } from 'vitest';
import type { CategoryWithFeeds } from '../contracts/feeds';
import { pinClock } from '../test/clock';
import { addFeed, hoursAgo, itemsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

describe('reading', () => {
  it('marks an item read and the unread count drops', async () => {
    const { cookie } = await signUp();
    const category = (await (await call('/api/categories', { cookie, json: { name: 'Tech' } })).json()) as {
      id: number;
    };
    const url = await scriptFeed(uniqueName(), {
      body: rss('Counted', [
        { guid: '1', title: 'One', pubDate: hoursAgo(1) },
        { guid: '2', title: 'Two', pubDate: hoursAgo(2) },
      ]),
    });
    await addFeed(cookie, url, { categoryId: category.id });
    const sidebar = async () =>
      (await (await call('/api/categories/with-feeds', { cookie })).json()) as CategoryWithFeeds[];
    expect((await sidebar())[0]).toMatchObject({ id: category.id, name: 'Tech', unreadCount: 2 });

    const [first] = (await itemsOf(cookie)).items;
    const patched = await call(`/api/feed-items/${first?.id}`, { method: 'PATCH', cookie, json: { isRead: true } });
    expect(await patched.json()).toEqual({ id: first?.id, isRead: true });
    expect((await sidebar())[0]?.unreadCount).toBe(1);
    expect((await itemsOf(cookie, 'filter=unread')).items.map((i) => i.title)).toEqual(['Two']);

    const marked = await call('/api/feed-items/mark-read', { cookie, json: { categoryId: category.id } });
    expect(await marked.json()).toEqual({ marked: 1 });
    expect((await sidebar())[0]?.unreadCount).toBe(0);
  });

  it('filters by date and sorts both ways, a page at a time', async () => {
    // A minute after midnight UTC (the person's zone): "Just now" is still today, an hour ago is not
    // (worker/routes/date-filters.test.ts checks the filters at every hour).
    pinClock('2026-06-15T00:01:00Z');
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), {
      body: rss('Dated', [
        { guid: 'now', title: 'Just now', pubDate: new Date(Date.now() - 60_000) },
        { guid: 'h1', title: 'An hour ago', pubDate: hoursAgo(1) },
        { guid: 'd3', title: 'Three days ago', pubDate: hoursAgo(72) },
        { guid: 'd20', title: 'Twenty days ago', pubDate: hoursAgo(480) },
        { guid: 'd60', title: 'Two months ago', pubDate: hoursAgo(1440) },
      ]),
    });
    await addFeed(cookie, url);
    const titles = async (query: string) => (await itemsOf(cookie, query)).items.map((i) => i.title);
    expect(await titles('dateFilter=today')).toEqual(['Just now']);
    expect(await titles('dateFilter=yesterday')).toEqual(['An hour ago']);
    expect(await titles('dateFilter=last7days')).toEqual(['Just now', 'An hour ago', 'Three days ago']);
    expect(await titles('dateFilter=last30days')).toHaveLength(4);
    expect(await titles('sort=oldest')).toEqual([
      'Two months ago',
      'Twenty days ago',
      'Three days ago',
      'An hour ago',
      'Just now',
    ]);
    expect((await call('/api/feed-items?dateFilter=someday', { cookie })).status).toBe(400);

    const first = await itemsOf(cookie, 'limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await itemsOf(cookie, `limit=3&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.items.map((i) => i.title)).toEqual(['Twenty days ago', 'Two months ago']);
    expect(second.nextCursor).toBeNull();
  });

  it('shows script, onerror and javascript: in content as safe output', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), {
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title>
<item><guid>1</guid><title>&lt;script&gt;alert(1)&lt;/script&gt;Title</title>
<description><![CDATA[<p onclick="x()">Hi<script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">link</a></p>]]></description></item>
</channel></rss>`,
    });
    await addFeed(cookie, url);
    const [item] = (await itemsOf(cookie)).items;
    // Escaped markup in a title is read as HTML and reduced to its text; a script's text is dropped.
    expect(item?.title).toBe('Title');
    expect(item?.content).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(item?.content).toContain('Hi');
  });
});
