// Reads that go out before the request's session has been checked, and are used only after it
// (middleware/read-ahead.ts). Every D1 binding a request opens is wrapped here (middleware/services.ts);
// until a gate is set, calls pass straight through. Once one is set, a call that only reads goes out at
// once, in the same round trip as the session's check, and answers only when the gate has opened; one
// that writes waits for the gate before it goes out, except a batch of writes to the database holding the
// session row when the gate has a `guard` (a read mark, issue 30): that batch goes out at once too, with a
// first statement that fails unless the session row is live, so D1 rolls the whole batch back for a
// session that has ended (a batch is one transaction), and the write costs no round trip of its own. A
// gate that does not open fails every call held behind it with its reason, so nothing read for a session
// that has ended is used, and nothing is written for it.
import type { Db } from './client';
import { mayWrite } from './statement-kind';

/**
 * The session row a write may go out on before the check, in SQL: its database's binding, its id, its
 * person, and the instant the check uses (a row that expires after it is live for both).
 */
export type WriteGuard = { binding: string; sessionId: string; userId: number; now: number };

/**
 * What a request's reads wait for (`verdict`: set at most once, by the session middleware), the session
 * row its writes to that row's database may go out on (`guard`, with a verdict only), and the same
 * databases without the gate (`outside`), for the check the gate waits on and what it reads beside it.
 */
export type ReadGate = { verdict: Promise<void> | null; guard: WriteGuard | null; readonly outside: Db };

export const openGate = (outside: Db): ReadGate => ({ verdict: null, guard: null, outside });

/**
 * A statement that fails unless the session row is live, and writes nothing: it would insert a session
 * row with no person, which the NOT NULL on `user_id` (or the row's own id) refuses, only when no live
 * row of that id and person is there. First in a batch, it makes D1 roll the batch back for a session
 * that has ended: the same as `... where exists (select 1 from sessions where id = ? and expires_at > ?)`
 * on each of the batch's statements, whatever they are (db/read-state.ts writes a mark in five).
 */
const sessionGuard = (d1: D1Database, { sessionId, userId, now }: WriteGuard) =>
  d1
    .prepare(
      `insert into sessions (id, user_id, expires_at, created_at, last_seen_at) select ?1, null, 0, 0, 0
       where not exists (select 1 from sessions where id = ?1 and user_id = ?2 and expires_at > ?3)`,
    )
    .bind(sessionId, userId, now);

/** A gate that did not open: the session had ended, or the row the reads went ahead on had changed. */
export class GateClosed extends Error {
  constructor(readonly reason: 'ended' | 'changed') {
    super(`the session's check did not let the reads that went ahead of it through: ${reason}`);
  }
}

/** Whether `error` (or what it wraps: drizzle wraps D1's errors) is a closed gate's. */
export function closedGate(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof GateClosed) return true;
  return false;
}

export function gatedD1(d1: D1Database, gate: ReadGate, binding: string): D1Database {
  const inner = new WeakMap<object, { statement: D1PreparedStatement; reads: boolean }>();
  const held = async <T>(reads: boolean, call: () => Promise<T>): Promise<T> => {
    const verdict = gate.verdict;
    if (!verdict) return call();
    if (!reads) {
      await verdict;
      return call();
    }
    const answer = call();
    // The verdict is awaited first: a refused gate fails the call with its reason, whatever D1 said.
    answer.catch(() => undefined);
    await verdict;
    return answer;
  };
  const wrap = (statement: D1PreparedStatement, reads: boolean): D1PreparedStatement => {
    const gated = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), reads),
      run: () => held(reads, () => statement.run()),
      all: () => held(reads, () => statement.all()),
      first: (column?: string) => held(reads, () => (column ? statement.first(column) : statement.first())),
      raw: (options?: { columnNames?: boolean }) =>
        held(reads, () => (options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw())),
    };
    inner.set(gated, { statement, reads });
    return gated as unknown as D1PreparedStatement;
  };
  return {
    prepare: (query: string) => wrap(d1.prepare(query), !mayWrite(query)),
    batch: (statements: D1PreparedStatement[]) => {
      const unwrapped = statements.map((statement) => inner.get(statement));
      const reads = unwrapped.every((known) => known?.reads === true);
      const plain = unwrapped.map((known, k) => known?.statement ?? (statements[k] as D1PreparedStatement));
      const guard = gate.verdict && !reads && gate.guard?.binding === binding ? gate.guard : null;
      // Out at once behind the guard, answered (as a read is) only once the gate has opened.
      if (guard) return held(true, () => d1.batch([sessionGuard(d1, guard), ...plain]).then((all) => all.slice(1)));
      return held(reads, () => d1.batch(plain));
    },
    exec: (query: string) => held(false, () => d1.exec(query)),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  } as unknown as D1Database;
}
