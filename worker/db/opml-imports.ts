// OPML imports (issue 3): a row per import, its outlines kept only while it runs, its counters moved by
// each chunk the queue job takes (feeds/import-opml.ts). One pending import per person: a unique index on
// pending rows holds this under races too.
import { and, eq, lt, sql } from 'drizzle-orm';
import { opmlImports } from '../../schema';
import type { Db } from './client';

export type OpmlImportRow = typeof opmlImports.$inferSelect;
export type OpmlOutline = OpmlImportRow['entries'][number];
export type OpmlImportError = OpmlImportRow['errors'][number];

/** Marks the person's imports pending since before `staleBefore` failed: they died with their job. */
export async function failStaleImports(db: Db, userId: number, staleBefore: number) {
  await db
    .update(opmlImports)
    .set({ status: 'failed', entries: [] })
    .where(
      and(
        eq(opmlImports.userId, userId),
        eq(opmlImports.status, 'pending'),
        lt(opmlImports.createdAt, new Date(staleBefore)),
      ),
    );
}

export async function hasPendingImport(db: Db, userId: number) {
  const [running] = await db
    .select({ id: opmlImports.id })
    .from(opmlImports)
    .where(and(eq(opmlImports.userId, userId), eq(opmlImports.status, 'pending')));
  return running !== undefined;
}

/** A new pending import, or null when the person has one pending already (also under a race). */
export async function insertPendingImport(db: Db, userId: number, entries: OpmlOutline[]) {
  const [row] = await db
    .insert(opmlImports)
    .values({ userId, entries, total: entries.length, errors: [], createdAt: new Date() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The person's import. */
export async function findImport(db: Db, userId: number, importId: number) {
  const [row] = await db
    .select()
    .from(opmlImports)
    .where(and(eq(opmlImports.id, importId), eq(opmlImports.userId, userId)));
  return row ?? null;
}

/** An import as its queue job sees it, whoever's it is. */
export async function findImportForJob(db: Db, importId: number) {
  const [row] = await db.select().from(opmlImports).where(eq(opmlImports.id, importId));
  return row ?? null;
}

/**
 * Adds a chunk's counts and sets the import's errors so far; once done, the outlines go (issue 10 M4) and
 * `total` still says how many there were.
 */
export async function recordImportChunk(
  db: Db,
  importId: number,
  chunk: { offset: number; added: number; skipped: number; failed: number; errors: OpmlImportError[]; done: boolean },
): Promise<boolean> {
  // Only where the import still stands at the chunk's offset: a job delivered twice at once (queues deliver
  // at least once) records its chunk once, and the copy that finds it recorded changes nothing.
  const recorded = await db
    .update(opmlImports)
    .set({
      added: sql`${opmlImports.added} + ${chunk.added}`,
      skipped: sql`${opmlImports.skipped} + ${chunk.skipped}`,
      failed: sql`${opmlImports.failed} + ${chunk.failed}`,
      errors: chunk.errors,
      status: chunk.done ? 'done' : 'pending',
      ...(chunk.done ? { entries: [] } : {}),
    })
    .where(
      and(
        eq(opmlImports.id, importId),
        eq(opmlImports.status, 'pending'),
        sql`${opmlImports.added} + ${opmlImports.skipped} + ${opmlImports.failed} = ${chunk.offset}`,
      ),
    )
    .returning({ id: opmlImports.id });
  return recorded.length > 0;
}
