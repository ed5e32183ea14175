// The filters on an item's own columns that every path of the core puts in its SQL, before its limit, so
// that pages are full: the dates (published and stored), whether it has an enclosure and what its
// address contains (a search's `link:` terms). A new filter on the item is one line here.
import { type SQL, sql } from 'drizzle-orm';
import type { LinkFilter } from './query';

export type ItemFilters = {
  from?: number | null;
  to?: number | null;
  storedFrom?: number | null;
  storedTo?: number | null;
  hasEnclosure?: boolean;
  /** Texts the item's address contains (`has`) or does not (`lacks`), any case. */
  link?: LinkFilter;
  /** The person whose hidden items (a rule's hide, issue 26) are left out. */
  hiddenOf?: number;
};

/**
 * Whether any filter on the item's own columns is set (the lean paths take none). Hidden items are not
 * one: every read leaves them out, and the lean paths' items (stars, unread ids) are read ones or starred.
 */
export const hasItemFilters = (filters: ItemFilters) =>
  filters.from != null ||
  filters.to != null ||
  filters.storedFrom != null ||
  filters.storedTo != null ||
  filters.hasEnclosure !== undefined ||
  filters.link !== undefined;

/** Conditions on item `i`, for a statement's WHERE (or a join's ON). */
export function itemConditions(filters: ItemFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from != null) conditions.push(sql`i.pub_date >= ${filters.from}`);
  if (filters.to != null) conditions.push(sql`i.pub_date < ${filters.to}`);
  if (filters.storedFrom != null) conditions.push(sql`i.created_at >= ${filters.storedFrom}`);
  if (filters.storedTo != null) conditions.push(sql`i.created_at < ${filters.storedTo}`);
  if (filters.hasEnclosure !== undefined)
    conditions.push(filters.hasEnclosure ? sql`i.enclosures is not null` : sql`i.enclosures is null`);
  if (filters.link) conditions.push(...linkConditions(filters.link, sql`i`));
  if (filters.hiddenOf !== undefined) conditions.push(notHidden(filters.hiddenOf, sql`i`));
  return conditions;
}

/**
 * Item `alias` is not one the person's rules hid: a probe of hidden_items' primary key, in the item's own
 * shard, which costs a row read only where the item is hidden (docs/rules.md).
 */
export const notHidden = (userId: number, alias: SQL) =>
  sql`not exists (select 1 from hidden_items h where h.user_id = ${userId} and h.feed_id = ${alias}.feed_id and h.seq = ${alias}.seq)`;

/** The query with whose hidden items to leave out: the reader's, unless it asks for them or names ids. */
export const withHidden = <Q extends { scope: { kind: string }; includeHidden?: boolean }>(query: Q, userId: number) =>
  ({ ...query, hiddenOf: query.includeHidden || query.scope.kind === 'ids' ? undefined : userId }) as Q & {
    hiddenOf?: number;
  };

/**
 * What `link:` terms ask of the address of item `alias`: instr on the lower-cased text (SQLite folds
 * ASCII only, as addresses mostly are; parse-query.ts lower-cases the terms).
 */
export function linkConditions(link: LinkFilter, alias: SQL): SQL[] {
  const address = sql`lower(coalesce(${alias}.link, ''))`;
  return [
    ...link.has.map((text) => sql`instr(${address}, ${text}) > 0`),
    ...link.lacks.map((text) => sql`instr(${address}, ${text}) = 0`),
  ];
}
