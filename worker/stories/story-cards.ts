// A grouped list's page (issue 24): one card per story, and a page holds its full limit of cards whenever
// the list has more. My Feed and a category show a story at its first source in scope (first-sources.ts):
// its later sources are not rows of their own, so a story is on one page only, read or unread as its
// first source is, and an unread later source of a read story leaves it out of the unread list. The other
// sources come as `alsoIn`, read by id with the person's read state, and `story.newSources` counts the
// unread ones of a read story ("1 new source"). Search shows a story at its first source among the
// results it read (collapse.ts), since a story's first source may not match the search.
import type { FeedItem } from '../contracts/feeds';
import { cursorAfter, type ItemQuery, type PageRowRef, queryItems } from '../db/items';
import type { Reader } from '../db/reader';
import { firstSources, isLaterSource, type StoryMember } from '../db/story-first-sources';
import { repairStoryLists } from '../db/story-list-repair';
import { storyMembers, storyMembersFromList, unlistedStoryMembers } from '../db/story-members';
import { arrivedFirst, asSource, collapseStories } from './collapse';
import { STORY_WINDOW_MS } from './grouping';

/**
 * One read of the list: `limit` rows from `cursor` on, and where the next read goes on from after them.
 * `more`, where the read can (a date-ordered list, db/items), asks for the rows it reads past them anyway
 * (ItemQuery.readPast: given after them) and starts `besideMarks` with the rows beside the read's own last
 * round trip (ItemQuery.besideMarks).
 */
export type ReadRows<T extends FeedItem> = (
  cursor: string | undefined,
  limit: number,
  more?: Pick<ItemQuery, 'besideMarks' | 'readPast' | 'storyLists' | 'foldStories'>,
) => Promise<{ items: T[]; nextCursor: string | null }>;

/**
 * Most reads one page makes: each asks only for the cards still missing, so that the last read's cursor is
 * exactly where the page ends. Past it (a run of later sources longer than four pages), or when a read
 * came back short with a cursor (the core's bounded scan), the page is shorter and its cursor goes on
 * from where it stopped.
 */
export const MOST_READS = 5;

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * My Feed or a category: each story at its first source among the scope's feeds, with every other source
 * of it in those feeds, `limit` cards when the list has them.
 */
export async function readFirstSourceCards<T extends FeedItem>(
  reader: Reader,
  scopeFeedIds: number[],
  page: ItemQuery,
  read: ReadRows<T>,
): Promise<Page<T>> {
  const inScope = new Set(scopeFeedIds);
  const cards: T[] = [];
  // Every row read, cards or not: a card's other sources are mostly among them, and need no read of their own.
  const seen = new Map<number, FeedItem>();
  const members = new Map<number, StoryMember[]>();
  const lookUp = storyLookup(reader, scopeFeedIds);
  let cursor = page.cursor;
  let nextCursor: string | null = null;
  for (let reads = 0; reads < MOST_READS && cards.length < page.limit; reads++) {
    const asked = page.limit - cards.length;
    // The rows past those asked are taken too: the later sources among the rows are dropped, and reading on
    // costs a round trip (two when rows take marks from another database) and a probe per feed of the
    // list, where those cost nothing more. Each row of a story reads its story's list in the page's own
    // statement where it can (storyLists); the stories whose lists are elsewhere are looked up as soon as
    // the page's rows are known, beside the marks and stars its rows from other shards take (one round trip
    // for both); a read that does not offer that is followed by the lookup.
    const rows = await read(cursor, asked, {
      readPast: Math.ceil(asked / 2),
      storyLists: true,
      besideMarks: lookUp,
    });
    // When the list goes on, the last row read past those asked is left to the next read: it says that
    // read finds a row, so a page never ends on a cursor to nothing.
    const past = rows.items.length > asked && rows.nextCursor;
    const items = past ? rows.items.slice(0, -1) : rows.items;
    for (const item of items) seen.set(item.id, item);
    const inStories = items.filter((item) => item.inStory);
    await lookUp(inStories.map((item) => ({ storyId: item.story.id })));
    for (const item of inStories) members.set(item.story.id, await lookUp.membersOf(item.story.id));
    const first = firstSources([...members.values()].flat(), (feedId) => inScope.has(feedId));
    cards.push(...items.filter((item) => !isLaterSource({ id: item.id, storyId: item.story.id }, first)));
    // The read's cursor goes on after the rows asked; rows read past them go on after the last of those.
    const lastRead = items.at(-1);
    nextCursor = past && lastRead ? cursorAfter(page, lastRead, spanOf(items)) : rows.nextCursor;
    cursor = nextCursor ?? undefined;
    // Read on only past a full read: a shorter one with a cursor is the core's bounded scan stopping
    // (db/items/page-reads.ts MOST_PASSES), whose page goes on from its cursor without more calls now.
    if (!nextCursor || rows.items.length < asked) break;
  }
  // A page ends at its limit-th card, whatever was read past it: the next one goes on after that card.
  const shown = cards.slice(0, page.limit);
  const last = shown.at(-1);
  if (cards.length > page.limit && last) nextCursor = cursorAfter(page, last, spanOf(shown));
  const items = await withOtherSources(reader, shown, members, seen);
  await lookUp.repairAfter();
  return { items, nextCursor };
}

/**
 * The members in scope of a page's stories, each story once: from the list its row read (no read), else
 * looked up (a read by id of its first item, or, for a story known to have no list, in the scope's feed
 * shards). Called with a read's rows; `membersOf` gives a story's once it was called with one of its rows.
 */
function storyLookup(reader: Reader, scopeFeedIds: number[]) {
  const known = new Map<number, Promise<StoryMember[]>>();
  const ask = (storyIds: number[], read: (ids: number[]) => Promise<StoryMember[]>) => {
    if (storyIds.length === 0) return;
    const all = read(storyIds);
    for (const storyId of storyIds)
      known.set(
        storyId,
        all.then((found) => found.filter((member) => member.storyId === storyId)),
      );
  };
  const lookUp = (rows: Pick<PageRowRef, 'storyId' | 'storyList'>[]) => {
    const fresh = rows.filter((row): row is { storyId: number; storyList?: string | null } => {
      return row.storyId !== null && !known.has(row.storyId);
    });
    for (const { storyId, storyList } of fresh) {
      if (typeof storyList === 'string' && !known.has(storyId))
        known.set(storyId, Promise.resolve(storyMembersFromList(storyId, storyList, scopeFeedIds)));
    }
    const unread = (wanted: (row: (typeof fresh)[number]) => boolean) => [
      ...new Set(fresh.filter((row) => !known.has(row.storyId) && wanted(row)).map((row) => row.storyId)),
    ];
    const unlisted = unread((row) => row.storyList === null);
    for (const storyId of unlisted) toRepair.add(storyId);
    ask(unlisted, (ids) => unlistedStoryMembers(reader.db, ids, scopeFeedIds));
    ask(
      unread((row) => row.storyList === undefined),
      (ids) =>
        storyMembers(reader.db, ids, scopeFeedIds, (found) => {
          for (const storyId of found) toRepair.add(storyId);
        }),
    );
    return Promise.all(fresh.map((row) => known.get(row.storyId)));
  };
  // Stories met without a list (started before lists were kept): theirs is written after the response,
  // so the next page reads a row for each (db/story-list-repair.ts).
  const toRepair = new Set<number>();
  const repairAfter = async () => {
    if (toRepair.size === 0) return;
    const ids = [...toRepair];
    toRepair.clear();
    await reader.afterResponse(() => repairStoryLists(reader.db, ids, Date.now() - STORY_WINDOW_MS));
  };
  return Object.assign(lookUp, {
    membersOf: (storyId: number) => known.get(storyId) ?? Promise.resolve([]),
    repairAfter,
  });
}

/** The time a page's cards cover, with room to spare: where the next page's first window starts looking. */
function spanOf(cards: FeedItem[]) {
  // Times as toISOString writes them for years 0 to 9999 (24 characters) sort as text as they do in time:
  // the first and last are found by comparing and only they are parsed, not every card's.
  let first: string | undefined;
  let last: string | undefined;
  for (const { pubDate } of cards) {
    if (pubDate.length !== 24) return parsedSpanOf(cards);
    if (first === undefined || pubDate < first) first = pubDate;
    if (last === undefined || pubDate > last) last = pubDate;
  }
  if (first === undefined || last === undefined) return parsedSpanOf(cards);
  return Math.max((Date.parse(last) - Date.parse(first)) * 1.5, 60_000);
}

function parsedSpanOf(cards: FeedItem[]) {
  const times = cards.map((card) => Date.parse(card.pubDate));
  return Math.max((Math.max(...times) - Math.min(...times)) * 1.5, 60_000);
}

/**
 * The cards with their stories' other sources: those the page's reads saw as they are, the others read by
 * id (one read for the page, none when the page saw them all) with the person's read state.
 */
async function withOtherSources<T extends FeedItem>(
  reader: Reader,
  cards: T[],
  members: Map<number, StoryMember[]>,
  seen: Map<number, FeedItem>,
): Promise<T[]> {
  const othersOf = (card: T) => (members.get(card.story.id) ?? []).filter((member) => member.id !== card.id);
  const ids = cards.flatMap((card) => othersOf(card).map((member) => member.id)).filter((id) => !seen.has(id));
  // Copied only when items read here join those seen.
  const byId = ids.length > 0 ? new Map(seen) : seen;
  if (ids.length > 0) {
    const { items } = await queryItems(reader, {
      scope: { kind: 'ids', ids },
      state: 'all',
      order: 'newest',
      limit: ids.length,
    });
    for (const item of items) byId.set(item.id, item);
  }
  return cards.map((card) => {
    const others = othersOf(card)
      .flatMap((member) => byId.get(member.id) ?? [])
      .sort(arrivedFirst);
    if (others.length === 0) return card;
    const newSources = card.isRead ? others.filter((other) => !other.isRead).length : 0;
    return { ...card, story: { id: card.story.id, size: others.length + 1, newSources }, alsoIn: others.map(asSource) };
  });
}

/**
 * Search: `limit` cards, each story at its first source among the results read, in one read: the core reads
 * up to a few rows per card and ends the page before the first row of the next story, its cursor right
 * after the last row shown (ItemQuery.foldStories, db/items/story-fold.ts). So the next page starts with
 * the next story, and a story whose results fall within the rows read is on one page only.
 */
export async function readSearchCards<T extends FeedItem>(
  page: { cursor?: string; limit: number },
  read: ReadRows<T>,
): Promise<Page<T>> {
  const rows = await read(page.cursor, page.limit, { foldStories: true });
  return { items: collapseStories(rows.items), nextCursor: rows.nextCursor };
}
