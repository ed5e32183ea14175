// A window of time over the feeds in scope (windows.ts): the statement behind nearly every date-ordered
// page, the 30 newest of the web app's list and of a reader app's stream among them. drizzle writes an
// `sql` statement's text anew on each run, from pieces made anew, walking every one (issue 23: 0.06 ms of
// a list request in workerd's profile for the walk alone, about 55 µs a window in all in Node). So it is
// built once per shape (db/built-once.ts builtByShape) and each run fills in its values and the text that
// goes with the person's feeds; the statement's text and values are those of the same statement written
// with them.
import { type Query, type SQL, sql } from 'drizzle-orm';
import { builtByShape, textSlot } from '../built-once';
import type { PeopleDb } from '../client';
import { positionsInScopeSql } from '../read-above';
import type { ItemRow } from './columns';
import { columnsOf, joined, marksOf, mine, type Scan, scopeInOneShard, sharedBounds, stateOnly } from './page-reads';
import { readInScope } from './scoped-read';

/** The dates a window takes its items between (readWindow). */
export type WindowRange = { lower: number | null; upper: number | null };

/**
 * Most shapes kept built: a shape is an order, a read state, the filters set, which edges the window has
 * and whether the positions are read once (up to 100 feeds) or per row; a page uses one or two, a
 * person's lists a few more. About 1 KB of text each (the statement less its tables of values and its
 * positions' case), so a few tens of KB at most.
 */
export const MOST_WINDOW_SHAPES = 32;

const windowStatements = builtByShape(MOST_WINDOW_SHAPES);

/**
 * The scoped feeds' items published in [lower, upper) (newest first) or (lower, upper] (oldest first: a
 * window holds every row of its far edge's date, as a newest-first one does its own far edge's), unsorted:
 * every row of the window is wanted.
 */
export function readWindow(db: PeopleDb, scan: Scan, range: WindowRange) {
  return readInScope<ItemRow>(db, scan, windowQuery(scan, range));
}

/**
 * The window's statement, built once for its shape. `statements` and `shapeOf` are the module's own but
 * in the test, which shows that two shapes under one key would give wrong rows.
 */
export function windowQuery(
  scan: Scan,
  range: WindowRange,
  statements = windowStatements,
  shapeOf = windowShape,
): Query {
  const positions = positionsInScopeSql(scan.userId, scan.subscriptions);
  const readOnce = positions !== undefined;
  return statements(
    shapeOf(scan, range, readOnce),
    () => windowSql(placeholdersOf(scan), placeholderRange(range), readOnce ? textSlot : undefined),
    valuesOf(scan, range),
    positions,
  );
}

/**
 * What the window's text depends on besides its values and its positions' text: every option that adds,
 * drops or changes a piece of it. A search's `link:` texts are bound values, but how many there are is
 * not: they go in whole (rare, and the kept shapes are bounded).
 */
export const windowShape = (scan: Scan, range: WindowRange, readOnce: boolean) =>
  [
    scan.newest ? 'newest' : 'oldest',
    scan.state,
    scan.storyLists ? (scopeInOneShard(scan) ? 'lists-here' : 'lists') : 'no-lists',
    `enclosure-${scan.hasEnclosure}`,
    scan.from != null,
    scan.to != null,
    scan.storedFrom != null,
    scan.storedTo != null,
    scan.hiddenOf !== undefined,
    scan.cursor !== null,
    range.lower !== null,
    range.upper !== null,
    readOnce,
    scan.link ? JSON.stringify(scan.link) : '',
  ].join('|');

/**
 * The window's statement (its subscriptions' positions read once as `readAbove`, or per row without):
 * built with placeholders for its values by windowQuery, and with the values themselves by the test, as
 * this statement was written before it was built once.
 */
export function windowSql(scan: Scan, range: WindowRange, readAbove: SQL | undefined) {
  const subscription = { ...joined, readAbove };
  const bounds = sharedBounds(scan);
  if (range.lower !== null)
    bounds.push(scan.newest ? sql`i.pub_date >= ${range.lower}` : sql`i.pub_date > ${range.lower}`);
  if (range.upper !== null)
    bounds.push(scan.newest ? sql`i.pub_date < ${range.upper}` : sql`i.pub_date <= ${range.upper}`);
  return sql`
    select ${columnsOf(scan, subscription)} from subscriptions s join items i on ${sql.join(bounds, sql` and `)}
    ${marksOf(scan)}
    where ${sql.join([mine(scan), ...stateOnly(scan, subscription)], sql` and `)}`;
}

/** The values a window binds, by the placeholders' names (a name its shape does not use is left unread). */
const valuesOf = (scan: Scan, range: WindowRange) => ({
  userId: scan.userId,
  hiddenOf: scan.hiddenOf ?? null,
  from: scan.from,
  to: scan.to,
  storedFrom: scan.storedFrom ?? null,
  storedTo: scan.storedTo ?? null,
  cursorDate: scan.cursor?.pubDate ?? null,
  cursorId: scan.cursor?.id ?? null,
  lower: range.lower,
  upper: range.upper,
});

type WindowValue = keyof ReturnType<typeof valuesOf>;

/**
 * A placeholder where a value goes, typed as the value: the statement's parts interpolate either alike
 * (drizzle writes both as a bound `?`), so the one statement serves built once and written with values.
 */
const placeholder = (name: WindowValue) => sql.placeholder(name) as unknown as number;

/** The scan with a placeholder for each value it binds; left out where the value is (its shape says so). */
const placeholdersOf = (scan: Scan): Scan => ({
  ...scan,
  userId: placeholder('userId'),
  hiddenOf: scan.hiddenOf === undefined ? undefined : placeholder('hiddenOf'),
  from: scan.from == null ? scan.from : placeholder('from'),
  to: scan.to == null ? scan.to : placeholder('to'),
  storedFrom: scan.storedFrom == null ? scan.storedFrom : placeholder('storedFrom'),
  storedTo: scan.storedTo == null ? scan.storedTo : placeholder('storedTo'),
  cursor: scan.cursor && { pubDate: placeholder('cursorDate'), id: placeholder('cursorId') },
});

const placeholderRange = (range: WindowRange): WindowRange => ({
  lower: range.lower === null ? null : placeholder('lower'),
  upper: range.upper === null ? null : placeholder('upper'),
});
