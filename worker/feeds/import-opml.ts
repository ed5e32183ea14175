// Runs an OPML import a chunk at a time, each chunk its own queue job, so a long list stays within a
// Worker invocation's subrequest and time limits. The message carries the offset it expects; a
// redelivered, already-done chunk finds the counters moved on and does nothing.
import { findOrCreateCategory } from '../db/categories';
import type { PeopleDb } from '../db/client';
import { updateSubscription } from '../db/feeds';
import { findImportForJob, type OpmlImportError, recordImportChunk } from '../db/opml-imports';
import { findUserById } from '../db/users';
import { ApiError } from '../lib/errors';
import type { Services } from '../services';
import { followFeed } from './follow';

export const OPML_CHUNK = 10;

/** Files the followed feed under the outline's category; at the category cap it stays in General. */
async function fileUnder(db: PeopleDb, userId: number, feedId: number, categoryName: string) {
  try {
    const category = await findOrCreateCategory(db, userId, categoryName);
    await updateSubscription(db, userId, feedId, { categoryId: category.id });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'BAD_REQUEST')) throw error;
  }
}

export async function importOpmlChunk(services: Pick<Services, 'db' | 'fetcher'>, importId: number, offset: number) {
  const { db } = services;
  const row = await findImportForJob(db, importId);
  if (row?.status !== 'pending' || row.added + row.skipped + row.failed !== offset) return { next: null };
  const user = await findUserById(db, row.userId);
  if (!user) return { next: null };

  let added = 0;
  let skipped = 0;
  const errors: OpmlImportError[] = [];
  for (const entry of row.entries.slice(offset, offset + OPML_CHUNK)) {
    try {
      const feedId = await followFeed(
        services,
        user,
        { url: entry.url, name: entry.title.slice(0, 200), categoryId: null, includeInAi: true },
        { budgeted: false },
      );
      added++;
      // The category only once the feed is followed: a failed outline leaves no empty category behind.
      if (entry.category) await fileUnder(db.people.of(user), user.id, feedId, entry.category.slice(0, 100));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') skipped++;
      else errors.push({ url: entry.url, message: error instanceof Error ? error.message : 'Could not add this feed' });
    }
  }
  const processed = offset + added + skipped + errors.length;
  const done = processed >= row.entries.length;
  const recorded = await recordImportChunk(db, importId, {
    offset,
    added,
    skipped,
    failed: errors.length,
    errors: [...row.errors, ...errors],
    done,
  });
  // Recorded by another delivery of the same chunk: that one goes on with the next.
  return { next: done || !recorded ? null : processed };
}
