// The filters on an item's own columns that every path of the core puts in its SQL, before its limit, so
// that pages are full: the dates (published and stored) and whether it has an enclosure. A new filter on the item is one line here.
import { type SQL, sql } from 'drizzle-orm';

export type ItemFilters = {
  from?: number | null;
  to?: number | null;
  storedFrom?: number | null;
  storedTo?: number | null;
  hasEnclosure?: boolean;
};

/** Whether any filter on the item's own columns is set (the lean paths take none). */
export const hasItemFilters = (filters: ItemFilters) =>
  filters.from != null ||
  filters.to != null ||
  filters.storedFrom != null ||
  filters.storedTo != null ||
  filters.hasEnclosure !== undefined;

/** Conditions on item `i`, for a statement's WHERE (or a join's ON). */
export function itemConditions(filters: ItemFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from != null) conditions.push(sql`i.pub_date >= ${filters.from}`);
  if (filters.to != null) conditions.push(sql`i.pub_date < ${filters.to}`);
  if (filters.storedFrom != null) conditions.push(sql`i.created_at >= ${filters.storedFrom}`);
  if (filters.storedTo != null) conditions.push(sql`i.created_at < ${filters.storedTo}`);
  if (filters.hasEnclosure !== undefined)
    conditions.push(filters.hasEnclosure ? sql`i.enclosures is not null` : sql`i.enclosures is null`);
  return conditions;
}
