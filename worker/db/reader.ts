// The person a request reads for: who they are, their time zone, the database holding their reading state
// and their reading list, read at most once and only when asked for (reading-list.ts). One per request,
// built by the session middleware (or by the reader apps' auth, a queue job, the export); every item list
// is asked for through it (items/: queryItems, countItems, itemIds).
import { afterResponse } from '../lib/after-response';
import type { PeopleDb } from './client';
import { type ReadingList, readingListOf, type UsersRowCopy } from './reading-list';

/**
 * The person's remembered first-page spans (their users row): given, a first page of My Feed or of a
 * category sizes its first window of time from them, and writes a new one into them (items/windows.ts).
 * Each span counts back from its anchor, the date of the newest row of the page that kept it.
 */
export type PageSpans = {
  pageSpanMs: number | null;
  pageAnchorMs?: number | null;
  unreadPageSpanMs: number | null;
  unreadPageAnchorMs?: number | null;
  /**
   * Per category, all and unread (`<id>`, `<id>:unread`), and pages of every item (`flat`, `<id>:flat`…):
   * [span, anchor], or a span kept before anchors; oldest first, a date (`oldest`, `<id>:oldest`…).
   */
  categoryPageSpans?: Record<string, number | [number, number]> | null;
};

/** What a reader needs of a users row. */
export type ReaderPerson = { id: number; timezone: string };

export type Reader = {
  readonly userId: number;
  readonly timeZone: string;
  /** Their people database (db.people.of(person)). */
  readonly db: PeopleDb;
  /** Their reading list: read on first use, once; an early read started beside the session is used. */
  readingList(): Promise<ReadingList>;
  /** The remembered first-page spans, where the request carries them (the web app's lists). */
  readonly pageSpans?: PageSpans;
  /**
   * Runs a write a read decided on (a first page's span to remember, items/windows.ts) without the
   * response waiting for it: after the response where the request allows it (the session middleware
   * gives `executionCtx.waitUntil`), otherwise at once, awaited.
   */
  afterResponse(work: () => Promise<unknown>): Promise<void>;
};

/**
 * A reader for this person. `copy` is the reading list as the caller has it (the session's users row, or
 * an early read of it still in flight); left out, the list is read where it is kept when first asked for.
 */
export function createReader(
  db: PeopleDb,
  person: ReaderPerson,
  options: {
    copy?: UsersRowCopy | Promise<UsersRowCopy>;
    pageSpans?: PageSpans;
    waitUntil?: (work: Promise<unknown>) => void;
  } = {},
): Reader {
  const { waitUntil } = options;
  let list: Promise<ReadingList> | undefined;
  return {
    userId: person.id,
    timeZone: person.timezone,
    db,
    pageSpans: options.pageSpans,
    afterResponse: async (work) => {
      if (!waitUntil) {
        await work();
        return;
      }
      afterResponse(waitUntil, work);
    },
    readingList: () => {
      list ??= Promise.resolve(options.copy).then((copy) => readingListOf(db, person.id, copy));
      return list;
    },
  };
}
