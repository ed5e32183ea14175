// The toolbar popup: the current tab's feeds, each with "Add to Feedloom", which opens the app's
// add-feed dialog pre-filled in a new tab. `popup.html?tab=<id>` shows another tab's feeds (the popup
// opened as a page, as the browser test does).

import { loadAppUrl } from './app-settings';
import { addFeedLink } from './app-url';
import { ext } from './browser-api';
import { type DetectedFeed, mergeFeeds } from './detect';
import { parseTabFeeds, type TabFeeds, tabFeedsKey } from './messages';
import { feedCountText, renderFeedList } from './popup-view';
import { requiredElement } from './required-element';

const summary = requiredElement('summary', HTMLParagraphElement);
const list = requiredElement('feeds', HTMLUListElement);
const findMore = requiredElement('find-more', HTMLButtonElement);
const findMoreStatus = requiredElement('find-more-status', HTMLParagraphElement);
const options = requiredElement('open-options', HTMLButtonElement);
const appUrlText = requiredElement('app-url', HTMLSpanElement);

const tabParam = new URLSearchParams(location.search).get('tab');
const openedAsPage = tabParam !== null;

async function targetTabId(): Promise<number | undefined> {
  if (tabParam !== null && /^\d+$/.test(tabParam)) return Number(tabParam);
  const [tab] = await ext.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

let feeds: DetectedFeed[] = [];
// What "Find more feeds" added for the page shown: kept when the page's own list changes, dropped with the page.
let foundMore: TabFeeds = { pageUrl: '', feeds: [] };

async function addToFeedloom(feed: DetectedFeed): Promise<void> {
  await ext.tabs.create({ url: addFeedLink(await loadAppUrl(), feed.url), active: true });
  if (!openedAsPage) window.close();
}

function show(state: TabFeeds): void {
  feeds =
    state.pageUrl !== '' && state.pageUrl === foundMore.pageUrl
      ? mergeFeeds(state.feeds, foundMore.feeds)
      : state.feeds;
  summary.textContent = feedCountText(feeds.length);
  renderFeedList(list, feeds, { onAdd: (feed) => void addToFeedloom(feed) });
}

async function lookForMore(tabId: number): Promise<void> {
  findMore.disabled = true;
  findMoreStatus.textContent = 'Looking for more feeds…';
  const before = feeds.length;
  try {
    const state = parseTabFeeds(await ext.tabs.sendMessage(tabId, { type: 'find-more-feeds' }));
    foundMore = {
      pageUrl: state.pageUrl,
      feeds: mergeFeeds(foundMore.pageUrl === state.pageUrl ? foundMore.feeds : [], state.feeds),
    };
    show({ pageUrl: state.pageUrl, feeds: mergeFeeds(feeds, state.feeds) });
    const added = feeds.length - before;
    findMoreStatus.textContent =
      added === 0 ? 'No other feeds found.' : `Found ${added} more ${added === 1 ? 'feed' : 'feeds'}.`;
  } catch {
    findMoreStatus.textContent =
      'Only web pages can be searched. Reload the page if it was open before Feedloom was installed.';
  } finally {
    findMore.disabled = false;
  }
}

async function start(): Promise<void> {
  options.addEventListener('click', () => void ext.runtime.openOptionsPage());
  appUrlText.textContent = await loadAppUrl();
  const tabId = await targetTabId();
  if (tabId === undefined) {
    show({ pageUrl: '', feeds: [] });
    findMore.disabled = true;
    return;
  }
  findMore.addEventListener('click', () => void lookForMore(tabId));
  // The tab's feeds as they change while the popup is open: a page still loading reports them after the
  // popup asked, and a new address clears them before its page reports again.
  let changed = false;
  ext.storage.onChanged.addListener((changes, area) => {
    const change = changes[tabFeedsKey(tabId)];
    if (area !== 'session' || !change) return;
    changed = true;
    show(parseTabFeeds(change.newValue));
  });
  const asked = parseTabFeeds(await ext.runtime.sendMessage({ type: 'get-tab-feeds', tabId }));
  // A change seen while the answer was on its way is newer than it.
  if (!changed) show(asked);
  document.body.dataset.ready = 'true';
}

void start();
