// newsboat (urls-source "feedhq") shows starred items only through FeedHQ's special "Starred items" feed,
// whose address it hard-codes to http://feedhq.org (with "People you follow" and "Shared items"): left
// on, it shows three dead feeds and sends the person's Auth token to feedhq.org, so docs/reader-apps.md
// sets `feedhq-show-special-feeds no`. newsboat reads the state labels of an entry (read, fresh,
// kept-unread) but not "starred". So Feedloom lists the starred stream to newsboat as one more
// subscription: newsboat then reads it from reader/atom on our own origin, like any feed, and items
// starred on the web show in its "Starred items" feed. Other apps know the starred state from the items
// themselves and would show such a subscription as a broken feed, so only newsboat is given it.
import { STATE } from './ids';

/** newsboat's default User-Agent: "Newsboat/2.21.0 (Linux x86_64)". */
export const isNewsboat = (userAgent: string | undefined) => /^newsboat\//i.test(userAgent ?? '');

export const STARRED_TITLE = 'Starred items';

/** The starred stream as subscription/list gives it to newsboat. */
export const starredSubscription = {
  id: STATE.starred,
  title: STARRED_TITLE,
  categories: [],
  url: '',
  htmlUrl: '',
  iconUrl: '',
};
