// The filters on an item's own columns that every path of the core puts in its SQL, before its limit, so
// that pages are full: the dates and whether it has an enclosure. A new filter on the item is one line here.
import { type SQL, sql } from 'drizzle-orm';

export type ItemFilters = { from?: number | null; to?: number | null; hasEnclosure?: boolean };

/** Conditions on item `i`, for a statement's WHERE (or a join's ON). */
export function itemConditions(filters: ItemFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from != null) conditions.push(sql`i.pub_date >= ${filters.from}`);
  if (filters.to != null) conditions.push(sql`i.pub_date < ${filters.to}`);
  if (filters.hasEnclosure !== undefined)
    conditions.push(filters.hasEnclosure ? sql`i.enclosures is not null` : sql`i.enclosures is null`);
  return conditions;
}
