// The popup's feed list, built with createElement and textContent only: a feed's title and URL come
// from arbitrary web pages and must show as inert text, never as markup.

import { type DetectedFeed, FEED_TYPE_LABELS } from './detect';

export interface FeedListHandlers {
  onAdd: (feed: DetectedFeed) => void;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function feedItem(feed: DetectedFeed, handlers: FeedListHandlers): HTMLLIElement {
  const item = element('li', 'feed');
  const text = element('div', 'feed-text');
  const heading = element('div', 'feed-heading');
  const title = element('span', 'feed-title', feed.title);
  title.title = feed.title;
  heading.append(title, element('span', 'feed-type', FEED_TYPE_LABELS[feed.type]));
  const url = element('span', 'feed-url', feed.url);
  url.title = feed.url;
  text.append(heading, url);

  const button = element('button', 'add-button', 'Add to Feedloom');
  button.type = 'button';
  button.setAttribute('aria-label', `Add ${feed.title} to Feedloom`);
  button.addEventListener('click', () => handlers.onAdd(feed));
  item.append(text, button);
  return item;
}

/** Replaces the list's content with one item per feed, or hides it when there are none. */
export function renderFeedList(list: HTMLElement, feeds: readonly DetectedFeed[], handlers: FeedListHandlers): void {
  list.replaceChildren(...feeds.map((feed) => feedItem(feed, handlers)));
  list.hidden = feeds.length === 0;
}

export function feedCountText(count: number): string {
  if (count === 0) return 'No feeds found on this page.';
  return count === 1 ? '1 feed on this page' : `${count} feeds on this page`;
}
