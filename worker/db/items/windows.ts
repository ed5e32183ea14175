// The date-ordered page of a scope of feeds (all, a feed, a category, the AI feeds): only items of feeds
// the person follows, with their own read state, in whichever feed shards hold them.
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../schema';
import type { PeopleDb } from '../client';
import type { Reader } from '../reader';
import { listedInScope } from '../reading-list';
import { shardOfId } from '../shards';
import { copyUsersRow } from '../users-row-copy';
import { allowanceOf, canAfford } from './call-allowance';
import { type ItemRow, newestFirst, oldestFirst } from './columns';
import { hasItemFilters } from './conditions';
import { type Cursor, readPerFeed, type Scan, standing } from './page-reads';
import { type CursorPosition, encodeCursor, type ItemQuery, type PageRowRef } from './query';
import { markElsewhere } from './scoped-read';
import { rowsAsked, rowsShown } from './story-fold';
import { readWindow } from './window-statement';

export type RowPage = { rows: ItemRow[]; nextCursor: string | null };

/**
 * A first page looks this far back before widening, unless the person's own last first page of its kind
 * says how far it had to look: then back to that page's newest row (its anchor) and the span it needed from
 * there, room included. Later pages use the span their cursor carries.
 */
const FIRST_SPAN_MS = 2 * 60 * 60 * 1000;
/** Room to spare: a tenth more rows than a page wants (the time its last tenth of rows covered). */
const ROOM = 1.1;
/**
 * The rows a first page wants, by kind, each kind with a span of its own: the web app's grouped page (30
 * cards, the row after them and the 15 read past them for the later sources it drops:
 * stories/story-cards.ts), and a page of every item (`threads=false`, a reader app's stream: 30 and the
 * row after them). A kind with no span kept yet, or a page wanting another number of rows, scales the
 * other's to the rows it wants. One span for both, scaled, did not hold where the density of items
 * changes within a page: after a night with a few items, a flat page fell short inside the night and the
 * grouped one read 139 rows for its 46. Nor does the time between now and the anchor scale: when that
 * quiet time was part of the span, a flat page after a night fell short inside it and widened blind (538
 * rows for 31), and the grouped page after it read 136 for 46.
 */
const SPAN_ROWS = 46;
const FLAT_ROWS = 31;
/**
 * The span kept when a first page found the end of the list within a page (a newcomer's few feeds, old
 * items): the next one reads each feed's page at once, one statement. Windows of time found no end: a list
 * of 10 items four days old took 4 widening windows and that read, 5 round trips on every request.
 */
const WHOLE_LIST = 0;
const WIDEN = 4;
const WINDOWS = 4;

/** The subscriptions an ItemQuery's scope takes from the reading list. */
export async function subscriptionsOf(reader: Reader, query: ItemQuery) {
  const list = await reader.readingList();
  const scope = query.scope;
  return listedInScope(list, {
    feedId: scope.kind === 'feed' ? scope.feedId : undefined,
    categoryId: scope.kind === 'category' ? scope.categoryId : undefined,
    includedInAi: scope.kind === 'ai-feeds',
  });
}

/**
 * One page of a person's items, newest or oldest first. D1 bills every row a statement touches, sorted
 * rows and JSON elements included, so the page is read as: the subscriptions in scope joined to their
 * items in a window of time, unsorted, and sorted here. The window starts at the cursor, as wide as the
 * previous page needed, and the next one is sized from the density seen so far (oldest first, a first page
 * reads up to where the person's last one ended); past a few windows (sparse feeds), and oldest first when
 * nothing says where the list starts, each feed contributes at most a page, merged in SQL.
 * One feed's page (a feed, or a scope of one) is that feed's index walked in order: one statement.
 * The subscriptions come from the person's reading list as values (reading-list.ts: no row read), but
 * every window costs one index probe per feed, whatever it finds, so a first page of My Feed starts from
 * the span the person's last one needed (`pageSpans`): one window.
 * Read state: the subscription's watermark, corrected by the person's marks, left-joined in the same
 * statement (a mark costs a row only where one exists; read-state.ts). Feeds in other feed shards are
 * read there by the same statement, at once (scoped-read.ts).
 */
export async function readDatePage(reader: Reader, query: ItemQuery, cursor: CursorPosition | null): Promise<RowPage> {
  const from = query.from ?? null;
  const to = query.to ?? null;
  const take = rowsAsked(query) + 1;
  // Rows wanted past the page (query.readPast) size the windows and the span kept, but read no window more.
  const wanted = take + (query.readPast ?? 0);
  const subscriptions = await subscriptionsOf(reader, query);
  const scan: Scan = {
    userId: reader.userId,
    subscriptions,
    state: query.state === 'starred' ? 'all' : query.state,
    hasEnclosure: query.hasEnclosure,
    link: query.link,
    hiddenOf: query.hiddenOf,
    allowance: allowanceOf(reader),
    storedFrom: query.storedFrom ?? null,
    storedTo: query.storedTo ?? null,
    newest: query.order === 'newest',
    from,
    to,
    cursor: cursor && { pubDate: cursor.key, id: cursor.id },
    storyLists: query.storyLists && listsWithRows(reader.db, query, subscriptions),
  };
  if (subscriptions.length === 0) return { rows: [], nextCursor: null };
  const db = reader.db;
  let rows: ItemRow[] = [];
  /** Where a bounded scan stopped short of a full page (page-reads.ts MOST_PASSES): the next page goes on from it. */
  let resumeAt: Cursor | null = null;
  const share = subscriptions.length / (await reader.readingList()).subscriptions.length;
  const memory = rememberedSpan(reader, query, scan, wanted, share);
  const remembered = memory?.span;
  let span =
    cursor?.spanMs ?? (memory?.reach && scan.newest ? reachOf(memory.reach, wanted, to ?? Date.now()) : FIRST_SPAN_MS);
  // Oldest first, a first page starts at the start of the list, which no value at hand says: it reads in
  // windows only from where the person's last one ended (an edge, kept as a date), else each feed's first rows.
  const edgeKnown = scan.newest || cursor !== null || (remembered ?? null) !== null;
  const wholeList = scan.newest && memory?.reach?.span === WHOLE_LIST;
  if (scan.subscriptions.length > 1 && edgeKnown && !wholeList) {
    // Windows of time from the cursor (or from now; oldest first, from the start of the list). After the
    // first, each is sized from the density seen so far to hold what is still missing, with room to spare;
    // `WIDEN` times wider when nothing was seen. `near` is the bound of the window nearer the start (the
    // previous window's far edge), `far` the other.
    const toward = scan.newest ? -1 : 1;
    const start = cursor ? cursor.key : scan.newest ? (to ?? Date.now()) : null;
    let near: number | null = null;
    let far = start !== null ? start + toward * span : (remembered as number);
    let reachedEnd = false;
    for (let window = 0; window < WINDOWS && rows.length < take; window++) {
      if (!canAfford(db, scan)) {
        // Out of calls: everything up to `near` was read; the next page goes on past it.
        resumeAt = standing(scan, near);
        break;
      }
      reachedEnd = scan.newest ? from !== null && far <= from : to !== null && far >= to;
      const edge = reachedEnd ? null : far;
      rows.push(
        ...(await readWindow(db, scan, scan.newest ? { lower: edge, upper: near } : { lower: near, upper: edge })),
      );
      if (reachedEnd) break;
      near = far;
      // The first page oldest first starts at its first row (the start of the list, or none yet). Newest
      // first, the rows seen start at the newest of them (two or more), not at now or the cursor: the time
      // before it (a quiet night) holds none, and counted in, it sized the next window for rows not there.
      const newestSeen = scan.newest && rows.length >= 2 ? Math.max(...rows.map((row) => row.pub_date)) : null;
      const first =
        start === null
          ? rows.length > 0
            ? Math.min(...rows.map((row) => row.pub_date))
            : far - FIRST_SPAN_MS
          : newestSeen === null
            ? start
            : Math.min(start, newestSeen);
      const covered = Math.abs(far - first);
      span = rows.length > 0 ? (covered / rows.length) * (wanted - rows.length) * 1.5 : covered * WIDEN;
      far = near + toward * Math.max(span, 60_000);
    }
    rows.sort(scan.newest ? newestFirst : oldestFirst);
    // Still short (sparse feeds, or the end of the list): the rest, at most a page per feed.
    if (rows.length < take && !reachedEnd && !resumeAt) {
      const rest = await readPerFeed(db, scan, take - rows.length, near);
      rows.push(...rest.rows);
      resumeAt = rest.resumeAt;
    }
  } else {
    ({ rows, resumeAt } = await readPerFeed(db, scan, take, null));
  }
  const neededRows = Math.min(wanted, rows.length);
  const needed = rows.length >= take ? rows[neededRows - 1] : undefined;
  // Kept after the response: the page does not wait for a write it does not need (a GET's answer
  // waits on reads only).
  if (memory && needed && scan.subscriptions.length > 1) {
    if (scan.newest) await keepNewest(reader, memory, rows.slice(0, neededRows), wanted, to ?? Date.now());
    else await keepEdge(reader, memory, rows[0]?.pub_date ?? needed.pub_date, needed.pub_date);
  } else if (memory && scan.newest && scan.subscriptions.length > 1 && !resumeAt && memory.span !== WHOLE_LIST) {
    // Short of a page with nothing left to read: the end of the list.
    const start = to ?? Date.now();
    await keepSpan(reader, memory, WHOLE_LIST, Math.min(rows[0]?.pub_date ?? start, start));
  }

  const page = rows.slice(0, rowsShown(rows, query));
  // Rows the windows read past the page anyway (query.readPast): after the page, at no read more.
  const past = query.readPast ? rows.slice(query.limit, query.limit + query.readPast) : [];
  // Rows of other shards take the person's marks and stars now, for the rows shown only (a page of one
  // read state dropped the others already, and took their stars then); the surface's work on the rows
  // goes beside them.
  const read = past.length > 0 ? [...page, ...past] : page;
  await Promise.all([
    markElsewhere(db, scan, read),
    query.besideMarks?.(read.map((row) => pageRowRef(row, scan.storyLists))),
  ]);
  const last = page.at(-1);
  const firstShown = page[0];
  // The next page's window: the time this page covered, with room to spare.
  const covered = firstShown && last ? Math.abs(firstShown.pub_date - last.pub_date) * 1.5 : span;
  const spanMs = Math.max(covered, 60_000);
  let nextCursor: string | null = null;
  if (rows.length > page.length && last) nextCursor = encodeCursor(query, { key: last.pub_date, id: last.id, spanMs });
  else if (resumeAt) nextCursor = encodeCursor(query, { key: resumeAt.pubDate, id: resumeAt.id, spanMs });
  return { rows: read, nextCursor };
}

/**
 * Whether a grouped page's rows read their stories' lists in its own statements (ItemQuery.storyLists: a
 * row per row of a story there): unless a round trip surely follows the read anyway, where the page's
 * stories are looked up beside it for a row per story. One does when no feed in scope is in the person's
 * own database (people.ts: only the primary is both): every row then takes its marks and stars from
 * there after the read (markElsewhere), except on an unread page, whose rows take theirs while they are read.
 */
function listsWithRows(db: PeopleDb, query: ItemQuery, subscriptions: { feedId: number }[]) {
  if (query.state === 'unread') return true;
  const own = db.shards.indexOf(db);
  return subscriptions.some((row) => shardOfId(row.feedId) === own);
}

/**
 * A page row as besideMarks sees it, with its story's list where the statement read one (storyLists,
 * page-reads.ts): where none came and the story's first item is in the row's own feed shard (ids name
 * their shard, db/shards.ts), the story has no list (null); elsewhere the statement could not look.
 */
function pageRowRef(row: ItemRow, storyLists: boolean | undefined): PageRowRef {
  const ref: PageRowRef = { id: row.id, feedId: row.feed_id, storyId: row.story_id };
  if (!storyLists || row.story_id === null) return ref;
  if (typeof row.story_list === 'string') ref.storyList = row.story_list;
  else if (shardOfId(row.story_id) === shardOfId(row.feed_id)) ref.storyList = null;
  return ref;
}

/**
 * Where a first page's span is kept on the users row: My Feed's columns (its grouped pages), or a key of
 * the map `category_page_spans` (the categories', My Feed's flat pages' and oldest-first ones); what was
 * kept there (span null: nothing yet), and the date of the newest row of the page that kept it (anchor;
 * null for a span kept before anchors were, which counts from now), for its kind's `rows`. `reach`: the
 * span a first page reads from, its own, else the other kind's, with the rows it was kept for.
 * Oldest first, what is kept is the date the page's last row needed (an edge, not a span: the start of the
 * list is no value at hand), under the key `oldest` (My Feed) or `<category>:oldest`, `:unread` added.
 */
type SpanMemory = { span: number | null; anchor: number | null; rows: number; reach: Reach | null } & (
  | { column: 'page' | 'unreadPage' }
  | { key: string }
);
type Reach = { span: number; anchor: number | null; rows: number };

/** Most categories' spans a users row keeps: past it the map starts over (deleted categories leave keys). */
const MOST_CATEGORY_SPANS = 100;

/**
 * The remembered span (or edge, oldest first) a first page of My Feed or of a category starts from (span
 * null: none yet); undefined where none applies (later pages, a feed's page, other states, sync clients).
 * Newest first, a page of every item (wanting at most halfway to a grouped page's rows) keeps its own. A
 * category with no span of either kind yet starts from My Feed's, for the category's `share` of the feeds:
 * its first page was 2 hours back and then wider, where a category of 8 of 50 feeds needs some 13.
 */
function rememberedSpan(
  reader: Reader,
  query: ItemQuery,
  scan: Scan,
  wanted: number,
  share: number,
): SpanMemory | undefined {
  const spans = reader.pageSpans;
  const plain = !hasItemFilters(query);
  if (!spans || scan.cursor || !plain || (scan.state !== 'all' && scan.state !== 'unread')) return undefined;
  const unread = scan.state === 'unread' ? ':unread' : '';
  const scope = query.scope.kind === 'category' ? `${query.scope.categoryId}` : query.scope.kind === 'all' ? '' : null;
  if (scope === null) return undefined;
  const kept = (key: string) => keptAt(spans.categoryPageSpans?.[key]);
  if (!scan.newest) {
    const key = `${scope === '' ? '' : `${scope}:`}oldest${unread}`;
    return { ...kept(key), rows: SPAN_ROWS, reach: null, key };
  }
  const isFlat = wanted <= (FLAT_ROWS + SPAN_ROWS) / 2;
  const flatKeyOf = (where: string, state: string) => `${where === '' ? '' : `${where}:`}flat${state}`;
  const groupedOf = (where: string, state: string) =>
    where !== ''
      ? kept(`${where}${state}`)
      : state
        ? { span: spans.unreadPageSpanMs, anchor: spans.unreadPageAnchorMs ?? null }
        : { span: spans.pageSpanMs, anchor: spans.pageAnchorMs ?? null };
  /** The span kept for a scope ('': My Feed) and state: this page's kind's, else the other kind's. */
  const keptFor = (where: string, state: string): Reach | null => {
    const flatKept = { ...kept(flatKeyOf(where, state)), rows: FLAT_ROWS };
    const groupedKept = { ...groupedOf(where, state), rows: SPAN_ROWS };
    const [own, other] = isFlat ? [flatKept, groupedKept] : [groupedKept, flatKept];
    const asReach = (memory: typeof own) => (memory.span === null ? null : { ...memory, span: memory.span });
    return asReach(own) ?? asReach(other);
  };
  /** My Feed's span holds its rows in all the feeds; a category's share of them in the same time. */
  const forShare = (reach: Reach | null) => reach && { ...reach, rows: reach.rows * share };
  const inScope = (state: string) => keptFor(scope, state) ?? (scope !== '' ? forShare(keptFor('', state)) : null);
  // Nothing kept for this page yet: a category starts from My Feed's span, and an unread page from the
  // span of the same page with the read items in it (it holds fewer unread rows: the next window is sized
  // from those it found).
  const reach = inScope(unread) ?? (unread ? inScope('') : null);
  const flatKey = flatKeyOf(scope, unread);
  const flat = kept(flatKey);
  const grouped = groupedOf(scope, unread);
  if (isFlat) return { ...flat, rows: FLAT_ROWS, reach, key: flatKey };
  if (scope !== '') return { ...grouped, rows: SPAN_ROWS, reach, key: `${scope}${unread}` };
  return { ...grouped, rows: SPAN_ROWS, reach, column: unread ? 'unreadPage' : 'page' };
}

/** A map key's value: [span, anchor], or a bare number (an edge, or a span kept before anchors). */
const keptAt = (value: number | [number, number] | undefined) =>
  Array.isArray(value) ? { span: value[0], anchor: value[1] } : { span: value ?? null, anchor: null };

/**
 * Newest first, how far back from `start` a first page's first window reaches: to the anchor (`start`
 * itself for a span kept before anchors, or one ahead of it), then the span, scaled to the rows this page
 * wants where it was kept for another number of rows.
 */
function reachOf(reach: Reach, wanted: number, start: number) {
  const from = Math.min(reach.anchor ?? start, start);
  return start - from + (reach.span * wanted) / reach.rows;
}

/**
 * Newest first: keeps the span a first page needed back from its newest row (`needed`: the rows it
 * needed, newest first) to the last, and past it the time its last tenth of rows covered (room to spare,
 * at the density where the window ends, whatever came before), scaled to its kind's rows, with that
 * row's date as its anchor. Written when none was kept or it has no anchor yet, when the kept span is too
 * short (a second window was read) or far too long (rows read for nothing), or once as many rows as the
 * page wants arrived after the anchor (every first page reads them until the anchor moves on): a row
 * written now and then, not on every page.
 */
async function keepNewest(reader: Reader, memory: SpanMemory, needed: ItemRow[], wanted: number, start: number) {
  const newest = needed[0];
  const last = needed.at(-1);
  if (!newest || !last) return;
  const anchor = Math.min(newest.pub_date, start);
  const room =
    (needed[needed.length - 1 - Math.max(1, Math.round(needed.length * (ROOM - 1)))] ?? newest).pub_date -
    last.pub_date;
  const span = ((anchor - last.pub_date + room) * memory.rows) / needed.length;
  const kept = memory.span;
  if (kept !== null && memory.anchor !== null) {
    const fits = span <= kept * ROOM && span >= kept / 2;
    const keptAnchor = memory.anchor;
    const arrived = needed.filter((row) => row.pub_date > keptAnchor).length;
    if (fits && arrived < wanted) return;
  }
  await keepSpan(reader, memory, span, anchor);
}

/**
 * Oldest first: keeps the edge a first page needed, past its last row by a tenth of the span its rows
 * cover, when none was kept, the kept one fell short of it (a second window was read: items read or gone
 * since) or reaches past it by more than that span again (rows read for nothing: a new feed's old items).
 */
async function keepEdge(reader: Reader, memory: SpanMemory, firstMs: number, neededMs: number) {
  const kept = memory.span;
  const covered = Math.max(neededMs - firstMs, 60_000);
  if (kept !== null && kept >= neededMs && kept <= neededMs + covered) return;
  await keepSpan(reader, memory, neededMs + covered * (ROOM - 1), null);
}

/**
 * Keeps a first page's span (or edge) and its anchor, after the response. The reader's copy of the spans
 * takes it at once: that copy is the users row the session middleware keeps for this session's next reads
 * (middleware/read-ahead.ts), which start from it.
 */
async function keepSpan(reader: Reader, memory: SpanMemory, spanMs: number, anchorMs: number | null) {
  const span = spanMs === WHOLE_LIST ? WHOLE_LIST : Math.max(Math.round(spanMs), 60_000);
  const anchor = anchorMs === null ? null : Math.round(anchorMs);
  const spans = reader.pageSpans;
  if (!spans) return;
  if (!('column' in memory)) {
    const kept = spans.categoryPageSpans ?? {};
    const value: number | [number, number] = anchor === null ? span : [span, anchor];
    spans.categoryPageSpans =
      Object.keys(kept).length >= MOST_CATEGORY_SPANS ? { [memory.key]: value } : { ...kept, [memory.key]: value };
  } else if (memory.column === 'unreadPage') {
    spans.unreadPageSpanMs = span;
    spans.unreadPageAnchorMs = anchor;
  } else {
    spans.pageSpanMs = span;
    spans.pageAnchorMs = anchor;
  }
  await reader.afterResponse(() => rememberSpan(reader.db, reader.userId, memory, span, anchor));
}

/** Writes a first page's span on the users row, in the primary database, and then on its copy. */
async function rememberSpan(db: PeopleDb, userId: number, memory: SpanMemory, span: number, anchor: number | null) {
  await writeSpan(db, userId, memory, span, anchor);
  await copyUsersRow(db, { id: userId, peopleShard: db.peopleShard });
}

async function writeSpan(db: PeopleDb, userId: number, memory: SpanMemory, span: number, anchor: number | null) {
  const update = db.shards.primary().update(users);
  if ('column' in memory) {
    await update
      .set(
        memory.column === 'unreadPage'
          ? { unreadPageSpanMs: span, unreadPageAnchorMs: anchor }
          : { pageSpanMs: span, pageAnchorMs: anchor },
      )
      .where(eq(users.id, userId));
    return;
  }
  const path = `$."${memory.key}"`;
  const value = anchor === null ? sql`${span}` : sql`json_array(${span}, ${anchor})`;
  await update
    .set({
      categoryPageSpans: sql`case
        when (select count(*) from json_each(${users.categoryPageSpans})) >= ${MOST_CATEGORY_SPANS}
          then json_object(${memory.key}, ${value})
        else json_set(coalesce(${users.categoryPageSpans}, '{}'), ${path}, ${value}) end`,
    })
    .where(eq(users.id, userId));
}
