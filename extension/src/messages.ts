// The messages between the content script, the service worker and the popup, and their checks. A
// content script runs beside the page's code, so whatever it sends is re-checked before it is kept.

import { cleanTitle, type DetectedFeed, FEED_TYPE_LABELS, MAX_FEEDS, resolveFeedUrl } from './detect';
import type { FeedType } from './feed-sniff';

/** Content script → service worker: the feeds of the page in the sender's tab. */
export interface PageFeedsMessage {
  type: 'page-feeds';
  pageUrl: string;
  feeds: DetectedFeed[];
}

/** Popup → service worker: what is known about a tab. Answered with a TabFeeds. */
export interface GetTabFeedsMessage {
  type: 'get-tab-feeds';
  tabId: number;
}

/** Popup → content script: probe the well-known paths. Answered with a TabFeeds. */
export interface FindMoreFeedsMessage {
  type: 'find-more-feeds';
}

/** Service worker → content script: report again (after a same-document navigation, say). */
export interface ReportFeedsMessage {
  type: 'report-feeds';
}

export interface TabFeeds {
  pageUrl: string;
  feeds: DetectedFeed[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function messageType(value: unknown): unknown {
  return isRecord(value) ? value.type : undefined;
}

function isFeedType(value: unknown): value is FeedType {
  return typeof value === 'string' && Object.hasOwn(FEED_TYPE_LABELS, value);
}

/** The valid feeds of an untrusted list, normalised again, at most MAX_FEEDS. */
export function parseFeedList(value: unknown): DetectedFeed[] {
  if (!Array.isArray(value)) return [];
  const feeds: DetectedFeed[] = [];
  for (const item of value.slice(0, MAX_FEEDS)) {
    if (!isRecord(item) || typeof item.url !== 'string' || !isFeedType(item.type)) continue;
    const url = resolveFeedUrl(item.url, 'about:blank');
    if (!url) continue;
    feeds.push({ url, title: cleanTitle(typeof item.title === 'string' ? item.title : '', url), type: item.type });
  }
  return feeds;
}

/** Where the service worker keeps a tab's feeds in `storage.session`; the popup follows that key. */
export function tabFeedsKey(tabId: number): string {
  return `tab:${tabId}`;
}

export function parseTabFeeds(value: unknown): TabFeeds {
  if (!isRecord(value)) return { pageUrl: '', feeds: [] };
  return { pageUrl: typeof value.pageUrl === 'string' ? value.pageUrl : '', feeds: parseFeedList(value.feeds) };
}

/**
 * Whether a page's report still describes what its tab shows. A page being replaced can send its last
 * report after the next page's first (the two run in different processes), which would put the old
 * page's feeds, or none, on the new page. Each check applies where the browser gives what it needs.
 */
export function reportsShownPage(pageUrl: string, sender: WebExtension.MessageSender): boolean {
  if (sender.documentLifecycle !== undefined && sender.documentLifecycle !== 'active') return false;
  const shown = sender.tab?.url;
  return shown === undefined || withoutFragment(shown) === withoutFragment(pageUrl);
}

/** A fragment moves within a page; the feeds are the same. */
function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** Only the type: the feeds inside are checked by parseTabFeeds. */
export function isPageFeedsMessage(value: unknown): boolean {
  return messageType(value) === 'page-feeds';
}

export function isGetTabFeedsMessage(value: unknown): value is GetTabFeedsMessage {
  return messageType(value) === 'get-tab-feeds' && isRecord(value) && Number.isInteger(value.tabId);
}

export function isFindMoreFeedsMessage(value: unknown): value is FindMoreFeedsMessage {
  return messageType(value) === 'find-more-feeds';
}

export function isReportFeedsMessage(value: unknown): value is ReportFeedsMessage {
  return messageType(value) === 'report-feeds';
}
