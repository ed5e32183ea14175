// The story index at workload B (issue 24, docs/stories.md "Where the story index lives"): a ring of day
// databases, STORY_DATABASES naming five or more. A story is indexed in the database of the day its first
// item arrived (day number mod the ring's size); a lookup asks the databases of the four days a story of
// the 72-hour window can have started on, all at once (one round trip); and a database is emptied by
// dropping and recreating its table the day before its turn comes round again, when what it holds is
// past every window. DDL bills no rows, where deleting a day's rows one by one would bill each as
// written. Behind the same interface as the index in one database (story-index.ts StoryIndex).

import { clockItemId, databaseNames } from './shards';
import {
  type IndexedStory,
  insertStatements,
  lookupStatements,
  type NewStory,
  type StoryIndex,
  type StoryTable,
  storiesOfRows,
} from './story-index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a lookup asks: today and the three before it, where a story still open today may have started. */
export const LOOKUP_DAYS = 4;

/**
 * The fewest databases a ring takes: the four days a lookup asks, and the one emptied ahead of its day
 * while those four are in use.
 */
export const MIN_RING = LOOKUP_DAYS + 1;

/**
 * The D1 calls a refresh makes in a ring beyond what it makes in the primary database's index: its
 * lookup asks LOOKUP_DAYS databases instead of one, and its first write of a day readies tomorrow's (a
 * read, then a batch). The queue's call budget reserves them (jobs/handlers.ts refreshCalls).
 */
export const RING_CALLS_PER_REFRESH = LOOKUP_DAYS - 1 + 2;

/**
 * A day's table: the keys indexed, the first item's fingerprint beside them. Not the migrations'
 * `story_index`, which every database carries (contentless with its unindexed columns kept apart, whose
 * table of those columns SQLite leaves behind on DROP and then refuses to drop or make again): a plain
 * FTS5 table, which DROP empties whole. It keeps the keys' text once more (some 150 bytes a story).
 */
const NAME = 'story_day';
const TABLE: StoryTable = { name: NAME, blobSignatures: true };
const CREATE_TABLE = `create virtual table if not exists ${NAME} using fts5(
  keys,
  feed_id unindexed, arrived_at unindexed, published_at unindexed, title_key unindexed, signature unindexed,
  tokenize='unicode61'
)`;

/** Empties a day's database: its table goes, with everything FTS5 keeps for it. */
export const DROP_TABLE = [`drop table if exists ${NAME}`];

/**
 * The day each ring (by its name: its bindings' names) was last made ready for, in this isolate: a ring is
 * opened per request, and the check is wanted once a day, not once a refresh.
 */
const readiedDays = new Map<string, number>();

export const dayOf = (at: number) => Math.floor(at / DAY_MS);

/** The ring's database for a day. */
export const slotOf = (day: number, size: number) => ((day % size) + size) % size;

/**
 * Whether this error says the day's table is not there yet (a ring's database before its first day): the
 * lookup finds nothing there, and the first write makes it.
 */
const noTable = (error: unknown) => /no such table/i.test(String(error));

/**
 * The story index as a ring of these databases, in order (STORY_DATABASES). Each isolate empties the
 * database of tomorrow once a day, beside its first write of the day: one row read to see whether it holds
 * an older day, and only then the table dropped and made again.
 */
export function storyIndexRing(days: D1Database[], name: string): StoryIndex {
  if (days.length < MIN_RING)
    throw new Error(`A ring of story databases takes at least ${MIN_RING}, not ${days.length}`);
  const size = days.length;
  const at = (day: number) => days[slotOf(day, size)] as D1Database;

  async function find(keys: string[], now: number): Promise<IndexedStory[]> {
    const today = dayOf(now);
    const answers = await Promise.all(
      Array.from({ length: LOOKUP_DAYS }, async (_, back) => {
        const d1 = at(today - back);
        const statements = lookupStatements(d1, keys, TABLE);
        if (statements.length === 0) return [];
        try {
          return storiesOfRows(await d1.batch(statements), TABLE);
        } catch (error) {
          if (noTable(error)) return [];
          throw error;
        }
      }),
    );
    return [...new Map(answers.flat().map((story) => [story.storyId, story])).values()];
  }

  async function add(stories: NewStory[], now: number) {
    const today = dayOf(now);
    const d1 = at(today);
    const ready = readiedDays.get(name);
    const statements = [d1.prepare(CREATE_TABLE), ...insertStatements(d1, stories, TABLE)];
    // Today's database was made ready yesterday, unless nothing was written yesterday (a quiet deployment):
    // the first write of the day in an isolate also deletes any older day's rows left in it, by rowid (none,
    // mostly; a row read), where dropping the table could lose the stories other isolates wrote today.
    if (ready !== today && ready !== today + 1)
      statements.splice(1, 0, d1.prepare(`delete from ${NAME} where rowid < ?1`).bind(clockItemId(0, today * DAY_MS)));
    await Promise.all([
      d1.batch(statements),
      ready === today + 1
        ? undefined
        : readyDay(today + 1).then(
            () => readiedDays.set(name, today + 1),
            // Tried again by the next write: a day's database not emptied yet costs lookups rows, not stories.
            () => undefined,
          ),
    ]);
  }

  /**
   * Empties the database of `day` if it holds rows of an earlier day (its last turn, `size` days before):
   * by then every story in it is past its window. Nobody writes there before `day` begins, so dropping the
   * table loses nothing; two isolates doing it at once drop an empty table twice.
   */
  async function readyDay(day: number) {
    const d1 = at(day);
    let oldest: number | null = null;
    try {
      oldest = (await d1.prepare(`select rowid from ${NAME} order by rowid limit 1`).first<number>('rowid')) ?? null;
    } catch (error) {
      if (noTable(error)) return;
      throw error;
    }
    if (oldest === null || oldest >= clockItemId(0, day * DAY_MS)) return;
    await d1.batch(DROP_TABLE.map((statement) => d1.prepare(statement)).concat(d1.prepare(CREATE_TABLE)));
  }

  return { find, add };
}

/**
 * The ring's databases STORY_DATABASES names, in order, or null when it names none (the story index is
 * then the primary database's table). A ring of fewer than MIN_RING is refused, as is the primary
 * database in it (its table is the index of a deployment without a ring).
 */
export function storyDatabaseNames(list: string | undefined): string[] | null {
  if ((list ?? '').trim() === '') return null;
  if (list?.split(',').some((name) => name.trim() === 'DB'))
    throw new Error('STORY_DATABASES: the primary database (DB) holds the index without a ring; name the ring only');
  const names = databaseNames('STORY_DATABASES', `DB,${list}`).slice(1);
  if (names.length < MIN_RING)
    throw new Error(`STORY_DATABASES names ${names.length}: a ring takes at least ${MIN_RING}`);
  return names;
}

/** The story index the configuration asks for: the ring of these bindings (each wrapped as the others are), or null. */
export function storyIndexOf(
  env: object,
  names: string[] | null,
  wrap: (d1: D1Database, binding: string) => D1Database = (d1) => d1,
): StoryIndex | null {
  if (!names) return null;
  const bindings = env as Record<string, D1Database | undefined>;
  return storyIndexRing(
    names.map((name) => {
      const d1 = bindings[name];
      if (!d1 || typeof d1.prepare !== 'function')
        throw new Error(`STORY_DATABASES names ${name}, which is not a D1 binding`);
      return wrap(d1, name);
    }),
    names.join(','),
  );
}
