// Content script, on every http(s) page (top frame only): detects the page's feeds and reports them to
// the service worker, again when the page's <head> changes (single-page apps swap their links) and when
// the worker asks; probes the site's well-known feed paths when the popup asks.

import { ext } from './browser-api';
import { type DetectedFeed, detectFeeds, mergeFeeds } from './detect';
import { isFindMoreFeedsMessage, isReportFeedsMessage, type PageFeedsMessage, type TabFeeds } from './messages';
import { probeWellKnownFeeds } from './well-known';

const HEAD_CHANGE_DELAY_MS = 300;

/** Feeds found by "Look for more feeds", kept for the page's later reports. */
let probedFeeds: DetectedFeed[] = [];
let lastReport = '';

function currentFeeds(): TabFeeds {
  const pageUrl = location.href;
  return { pageUrl, feeds: mergeFeeds(detectFeeds(document, pageUrl), probedFeeds) };
}

async function report(force = false): Promise<TabFeeds> {
  const state = currentFeeds();
  const key = JSON.stringify(state);
  if (force || key !== lastReport) {
    lastReport = key;
    const message: PageFeedsMessage = { type: 'page-feeds', ...state };
    // Rejects when the extension was reloaded or updated under this page: nothing to tell anymore.
    await ext.runtime.sendMessage(message).catch(() => {});
  }
  return state;
}

async function findMoreFeeds(): Promise<TabFeeds> {
  const { pageUrl, feeds } = currentFeeds();
  const found = await probeWellKnownFeeds(pageUrl, new Set(feeds.map((feed) => feed.url)));
  probedFeeds = mergeFeeds(probedFeeds, found);
  return report();
}

ext.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  if (isFindMoreFeedsMessage(message)) {
    void findMoreFeeds().then(sendResponse);
    return true;
  }
  if (isReportFeedsMessage(message)) {
    void report(true).then(sendResponse);
    return true;
  }
  return undefined;
});

let headTimer: ReturnType<typeof setTimeout> | undefined;
const head = document.head;
if (head) {
  new MutationObserver(() => {
    clearTimeout(headTimer);
    headTimer = setTimeout(() => void report(), HEAD_CHANGE_DELAY_MS);
  }).observe(head, { childList: true });
}

void report();
