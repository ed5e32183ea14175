// Service worker (an event page on Firefox): keeps each tab's feeds and shows their count on the
// toolbar badge. The feeds live in `storage.session`, not in memory, because Manifest V3 stops an idle
// worker at any time; the popup reads them back through `get-tab-feeds`.

import { ext } from './browser-api';
import {
  isGetTabFeedsMessage,
  isPageFeedsMessage,
  parseTabFeeds,
  reportsShownPage,
  type TabFeeds,
  tabFeedsKey,
} from './messages';

const BADGE_COLOR = '#c2410c';

async function showCount(tabId: number, count: number): Promise<void> {
  // An empty text hides the badge; a closed tab rejects, which is fine.
  await ext.action.setBadgeText({ tabId, text: count > 0 ? String(count) : '' }).catch(() => {});
  await ext.action.setBadgeBackgroundColor({ tabId, color: BADGE_COLOR }).catch(() => {});
}

// One tab's changes apply in the order their events came: a page's report must not be overtaken by the
// forgetting of the page before it, nor the badge set for one state land after the next state's.
const tabTurns = new Map<number, Promise<void>>();

function inTurn(tabId: number, change: () => Promise<void>): Promise<void> {
  const turn = (tabTurns.get(tabId) ?? Promise.resolve()).then(change).catch(() => {});
  tabTurns.set(tabId, turn);
  void turn.then(() => {
    if (tabTurns.get(tabId) === turn) tabTurns.delete(tabId);
  });
  return turn;
}

function saveTabFeeds(tabId: number, state: TabFeeds): Promise<void> {
  return inTurn(tabId, async () => {
    await ext.storage.session.set({ [tabFeedsKey(tabId)]: state });
    await showCount(tabId, state.feeds.length);
  });
}

async function loadTabFeeds(tabId: number): Promise<TabFeeds> {
  const key = tabFeedsKey(tabId);
  return parseTabFeeds((await ext.storage.session.get(key))[key]);
}

function forgetTab(tabId: number): Promise<void> {
  return inTurn(tabId, async () => {
    await ext.storage.session.remove(tabFeedsKey(tabId));
    await showCount(tabId, 0);
  });
}

// First run: the options page says which Feedloom the extension will open, and lets the person change it.
// A tab of its own (not openOptionsPage, which some browsers ignore while no window has focus yet).
ext.runtime.onInstalled.addListener((details) => {
  if (details.reason === 'install') void ext.tabs.create({ url: ext.runtime.getURL('options.html'), active: true });
});

ext.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (isPageFeedsMessage(message)) {
    const tabId = sender.tab?.id;
    const state = parseTabFeeds(message);
    if (tabId !== undefined && reportsShownPage(state.pageUrl, sender)) void saveTabFeeds(tabId, state);
    return undefined;
  }
  if (isGetTabFeedsMessage(message)) {
    // Answered once the changes already on their way for the tab have applied.
    const { tabId } = message;
    void inTurn(tabId, async () => {})
      .then(() => loadTabFeeds(tabId))
      .then(sendResponse);
    return true;
  }
  return undefined;
});

ext.tabs.onUpdated.addListener((tabId, changeInfo) => {
  // The tab loads something: another page, the same one again, or a same-document navigation
  // (history.pushState). Chromium leaves `url` out of changeInfo without the "tabs" permission, so the
  // status is what tells. The old page's feeds no longer apply; a new document's content script reports
  // on its own, and a page that kept its script is asked to report again.
  if (changeInfo.status !== 'loading') return;
  void forgetTab(tabId)
    .then(() => ext.tabs.sendMessage(tabId, { type: 'report-feeds' }))
    .catch(() => {});
});

ext.tabs.onRemoved.addListener((tabId) => {
  void forgetTab(tabId);
});
