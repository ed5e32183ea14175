// What a rule would match, before it is saved (issue 26): POST /api/rules/preview runs the match as a
// search over the person's items of the last 30 days in scope, through the reading core, and says how
// many match, how many there are, and the first 50. A match that would hide more than 90% of them needs
// the person's confirmation (`confirm: true`): a rule cannot hide everything by accident.
import type { PreviewItem, RulePreview, RuleScope } from '../contracts/rules';
import { countItems, type ItemQuery, type ItemScope, itemIds, MAX_ITEMS, queryItems } from '../db/items';
import type { Reader } from '../db/reader';
import { ApiError } from '../lib/errors';
import { parseSearch } from '../search/parse-query';

export const PREVIEW_DAYS = 30;
export const PREVIEW_ITEMS = 50;
/** Past this share of the last 30 days, a hide asks for confirmation. */
export const CONFIRM_SHARE = 0.9;

const DAY_MS = 24 * 60 * 60 * 1000;

export const itemScopeOf = (scope: RuleScope): ItemScope =>
  scope.type === 'feed' && scope.id !== undefined
    ? { kind: 'feed', feedId: scope.id }
    : scope.type === 'category' && scope.id !== undefined
      ? { kind: 'category', categoryId: scope.id }
      : { kind: 'all' };

/** The search a rule's match is, as an ItemQuery's text filters (the syntax's own 400s when it cannot be one). */
export function matchFiltersOf(match: string): Pick<ItemQuery, 'match' | 'link'> {
  const parsed = parseSearch(match);
  return { match: parsed.match, link: parsed.link };
}

export async function previewRule(
  reader: Reader,
  scope: RuleScope,
  match: string,
  now = Date.now(),
): Promise<RulePreview> {
  const filters = matchFiltersOf(match);
  const base: ItemQuery = {
    scope: itemScopeOf(scope),
    state: 'all',
    from: now - PREVIEW_DAYS * DAY_MS,
    ...filters,
    order: 'newest',
    limit: PREVIEW_ITEMS,
  };
  const [page, total] = await Promise.all([
    queryItems(reader, base, now),
    countItems(reader, { scope: base.scope, state: 'all', from: base.from }),
  ]);
  // More than a page: the ids of every match say how many (a search's ids, up to the core's most).
  const count =
    page.nextCursor === null ? page.items.length : (await itemIds(reader, { ...base, limit: MAX_ITEMS })).length;
  const items: PreviewItem[] = page.items.map((item) => ({
    id: item.id,
    feedId: item.feedId,
    source: item.source,
    title: item.title,
    link: item.link,
    pubDate: item.pubDate,
  }));
  return { count, total, items, needsConfirm: total > 0 && count / total > CONFIRM_SHARE };
}

/** A 400 unless the person confirmed a hide that takes more than 90% of the last 30 days. */
export async function checkHideShare(reader: Reader, scope: RuleScope, match: string, confirmed: boolean) {
  if (confirmed) return;
  const preview = await previewRule(reader, scope, match);
  if (preview.needsConfirm) {
    throw new ApiError(
      'BAD_REQUEST',
      `This rule would hide ${preview.count} of the ${preview.total} items of the last ${PREVIEW_DAYS} days (more than 90%): send confirm: true to save it`,
    );
  }
}
