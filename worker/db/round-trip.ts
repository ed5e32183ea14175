// One round trip to several databases: the reads meant for the same database go in one D1 batch (one
// call), and the batches go out at once. Locally every D1 call is a commit with an fsync, read or write,
// and in production a round trip to the database; a request's latency under load follows how many calls
// it makes one after another (docs/performance.md "Latency under load").
import type { SQL } from 'drizzle-orm';
import { type Db, statementOf } from './client';

export type Read = { db: Db; query: SQL };

/** Each read's rows (snake_case columns, as D1 gives them), in the order given; one call per database. */
export async function inOneRoundTrip(reads: Read[]): Promise<unknown[][]> {
  const byDatabase = new Map<string, { db: Db; positions: number[]; queries: SQL[] }>();
  reads.forEach((read, position) => {
    const group = byDatabase.get(read.db.binding) ?? { db: read.db, positions: [], queries: [] };
    group.positions.push(position);
    group.queries.push(read.query);
    byDatabase.set(read.db.binding, group);
  });
  const results: unknown[][] = reads.map(() => []);
  await Promise.all(
    [...byDatabase.values()].map(async ({ db, positions, queries }) => {
      const answers = await db.$client.batch(queries.map((query) => statementOf(db, query)));
      answers.forEach((answer, k) => {
        results[positions[k] as number] = answer.results;
      });
    }),
  );
  return results;
}
