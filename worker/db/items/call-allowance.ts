// The D1 calls a reader's date-ordered pages may make (issue 30). Every statement of a page runs in each
// feed shard holding feeds in scope, so at workload B (256 feed shards, ~46 of them holding someone's 50
// feeds) one window of time is ~46 calls, and a stream that reads page after page (Google Reader's n up
// to 1,000), or a scan that passes many items read one by one, came to 692 calls against Workers' 1,000
// queries an invocation. One allowance per reader, so per request (or job), shared by all its pages: a
// scan stops before a statement it cannot afford and says where it stands (the page's cursor), which the
// next request continues from. A page that stops early is short, with its continuation; clients follow it.
import type { PeopleDb } from '../client';
import { shardOfId } from '../shards';
import type { ScopedRead } from './scoped-read';

/**
 * Calls a reader's pages may make: a third of the 1,000 queries an invocation allows, less the session's
 * and the reading list's calls and the statements a page makes after its scan (its rows' marks and stars
 * elsewhere, the span it remembers).
 */
export const MOST_CALLS_A_READER = 320;
/** What a page keeps back for its calls after the scan: the marks and stars of the rows shown from other shards, its span. */
const AFTER_SCAN_CALLS = 2;

export type CallAllowance = { left: number };

const allowances = new WeakMap<object, CallAllowance>();

/** The reader's allowance: made on its first page, shared by every page it reads after. */
export function allowanceOf(reader: object): CallAllowance {
  let allowance = allowances.get(reader);
  if (!allowance) {
    allowance = { left: MOST_CALLS_A_READER };
    allowances.set(reader, allowance);
  }
  return allowance;
}

/**
 * The calls of one statement run over the read's scope (scoped-read.ts readInScope): one for each feed
 * shard holding its feeds; for one read state across shards, the marks handed over and those of the rows
 * read elsewhere looked up after, one each.
 */
export function callsOfStatement(db: PeopleDb, read: ScopedRead) {
  const own = db.shards.indexOf(db);
  const shards = new Set(read.subscriptions.map((row) => shardOfId(row.feedId)));
  const elsewhere = [...shards].some((shard) => shard !== own);
  return shards.size + (read.state !== 'all' && elsewhere ? 2 : 0);
}

/** Whether the read may send one more statement over its scope and still finish its page. */
export function canAfford(db: PeopleDb, read: ScopedRead) {
  return !read.allowance || read.allowance.left >= callsOfStatement(db, read) + AFTER_SCAN_CALLS;
}

/** Counts one statement over the read's scope against its allowance. */
export function charge(db: PeopleDb, read: ScopedRead) {
  if (read.allowance) read.allowance.left -= callsOfStatement(db, read);
}
