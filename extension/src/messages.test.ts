import { describe, expect, it } from 'vitest';
import { MAX_FEEDS } from './detect';
import { parseTabFeeds, reportsShownPage } from './messages';

describe('parseTabFeeds', () => {
  it('keeps only well-formed http(s) feeds from an untrusted message, at most the maximum', () => {
    const feeds = [
      { url: 'https://ok.example/feed', title: 'OK', type: 'rss' },
      { url: 'javascript:alert(1)', title: 'Script', type: 'rss' },
      { url: 'https://ok.example/other', title: 42, type: 'atom' },
      { url: 'https://ok.example/bad-type', title: 'Bad', type: '<b>' },
      'not an object',
      ...Array.from({ length: 60 }, (_, index) => ({ url: `https://ok.example/${index}`, title: 'x', type: 'json' })),
    ];
    const state = parseTabFeeds({ pageUrl: 'https://ok.example/', feeds });
    expect(state.feeds.slice(0, 2)).toEqual([
      { url: 'https://ok.example/feed', title: 'OK', type: 'rss' },
      { url: 'https://ok.example/other', title: 'https://ok.example/other', type: 'atom' },
    ]);
    expect(state.feeds.length).toBeLessThanOrEqual(MAX_FEEDS);
  });

  it('answers an empty state for anything else', () => {
    expect(parseTabFeeds(undefined)).toEqual({ pageUrl: '', feeds: [] });
    expect(parseTabFeeds({ pageUrl: 1, feeds: 'x' })).toEqual({ pageUrl: '', feeds: [] });
  });
});

describe('reportsShownPage', () => {
  const page = 'https://blog.example/post?id=1';

  it('keeps a report about the page its tab shows, whatever the fragment', () => {
    expect(reportsShownPage(page, { tab: { id: 3, url: page }, documentLifecycle: 'active' })).toBe(true);
    expect(reportsShownPage(`${page}#comments`, { tab: { id: 3, url: page } })).toBe(true);
  });

  it('drops the last report of a page its tab has left', () => {
    expect(reportsShownPage(page, { tab: { id: 3, url: 'https://other.example/' } })).toBe(false);
    expect(reportsShownPage(page, { tab: { id: 3, url: page }, documentLifecycle: 'pending_deletion' })).toBe(false);
    expect(reportsShownPage(page, { tab: { id: 3, url: page }, documentLifecycle: 'cached' })).toBe(false);
  });

  it('keeps the report where the browser does not say which page the tab shows', () => {
    expect(reportsShownPage(page, { tab: { id: 3 } })).toBe(true);
  });
});
