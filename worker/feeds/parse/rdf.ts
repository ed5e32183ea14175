// RSS 1.0 (web.resource.org/rss/1.0/spec) and RSS 0.90, both RDF documents: <channel>, <image> and the
// <item>s are siblings under <rdf:RDF>, and the channel's <items> only lists them. Items read like RSS 2.0
// items (readRssItem); an item's rdf:about is its identity (RSS 1.0 §5.5).

import { channelDescription, channelImage, channelLanguage, channelLink, readRssItem } from './rss';
import { child, childrenNamed, childText, plainText } from './text';
import { MAX_ITEMS, type ParsedFeed, type ParsedItem } from './types';
import { childBase } from './urls';
import type { XmlElement } from './xml';

export function parseRdf(root: XmlElement, url: string | undefined): ParsedFeed {
  const channel = child(root, 'channel') ?? root;
  const rootBase = childBase(root.attrs['xml:base'], url ?? null);
  const channelBase = childBase(channel.attrs['xml:base'], rootBase);
  const link = channelLink(channel, channelBase);
  const base = channel.attrs['xml:base'] || root.attrs['xml:base'] ? channelBase : (link ?? channelBase);
  const itemEls = childrenNamed(root, 'item');
  if (channel !== root) itemEls.push(...childrenNamed(channel, 'item'));
  const items: ParsedItem[] = [];
  for (const item of itemEls) {
    if (items.length >= MAX_ITEMS) break;
    items.push(readRssItem(item, base));
  }
  return {
    format: 'rss-rdf',
    title: plainText(childText(channel, 'title') ?? childText(channel, 'dc:title') ?? ''),
    link,
    description: channelDescription(channel),
    language: channelLanguage(channel, root),
    image: channelImage(channel, root, base),
    items,
  };
}
