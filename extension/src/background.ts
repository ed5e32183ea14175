// Service worker (an event page on Firefox): keeps each tab's feeds and shows their count on the
// toolbar badge. The feeds live in `storage.session`, not in memory, because Manifest V3 stops an idle
// worker at any time; the popup reads them back through `get-tab-feeds`.

import { ext } from './browser-api';
import { isGetTabFeedsMessage, isPageFeedsMessage, parseTabFeeds, type TabFeeds, tabFeedsKey } from './messages';

const BADGE_COLOR = '#c2410c';

async function showCount(tabId: number, count: number): Promise<void> {
  // An empty text hides the badge; a closed tab rejects, which is fine.
  await ext.action.setBadgeText({ tabId, text: count > 0 ? String(count) : '' }).catch(() => {});
  await ext.action.setBadgeBackgroundColor({ tabId, color: BADGE_COLOR }).catch(() => {});
}

async function saveTabFeeds(tabId: number, state: TabFeeds): Promise<void> {
  await ext.storage.session.set({ [tabFeedsKey(tabId)]: state });
  await showCount(tabId, state.feeds.length);
}

async function loadTabFeeds(tabId: number): Promise<TabFeeds> {
  const key = tabFeedsKey(tabId);
  return parseTabFeeds((await ext.storage.session.get(key))[key]);
}

async function forgetTab(tabId: number): Promise<void> {
  await ext.storage.session.remove(tabFeedsKey(tabId));
}

// First run: the options page says which Feedloom the extension will open, and lets the person change it.
// A tab of its own (not openOptionsPage, which some browsers ignore while no window has focus yet).
ext.runtime.onInstalled.addListener((details) => {
  if (details.reason === 'install') void ext.tabs.create({ url: ext.runtime.getURL('options.html'), active: true });
});

ext.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (isPageFeedsMessage(message)) {
    const tabId = sender.tab?.id;
    if (tabId !== undefined) void saveTabFeeds(tabId, parseTabFeeds(message));
    return undefined;
  }
  if (isGetTabFeedsMessage(message)) {
    void loadTabFeeds(message.tabId).then(sendResponse);
    return true;
  }
  return undefined;
});

ext.tabs.onUpdated.addListener((tabId, changeInfo) => {
  if (changeInfo.status !== 'loading' || changeInfo.url === undefined) return;
  // A new address: the old page's feeds no longer apply. A new document's content script reports on its
  // own; a same-document navigation (history.pushState) keeps its script, which is asked to report.
  void forgetTab(tabId)
    .then(() => showCount(tabId, 0))
    .then(() => ext.tabs.sendMessage(tabId, { type: 'report-feeds' }))
    .catch(() => {});
});

ext.tabs.onRemoved.addListener((tabId) => {
  void forgetTab(tabId);
});
