// Reads that go out before the request's session has been checked, and are used only after it
// (middleware/read-ahead.ts). Every D1 binding a request opens is wrapped here (middleware/services.ts);
// until a gate is set, calls pass straight through. Once one is set, a call that only reads goes out at
// once, in the same round trip as the session's check, and answers only when the gate has opened; one
// that writes waits for the gate before it goes out. A gate that does not open fails every call held
// behind it with its reason, so nothing read for a session that has ended is used, and nothing is
// written for it.
import type { Db } from './client';
import { mayWrite } from './statement-kind';

/**
 * What a request's reads wait for (`verdict`: set at most once, by the session middleware), and the same
 * databases without the gate (`outside`), for the check the gate waits on and what it reads beside it.
 */
export type ReadGate = { verdict: Promise<void> | null; readonly outside: Db };

export const openGate = (outside: Db): ReadGate => ({ verdict: null, outside });

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

export function gatedD1(d1: D1Database, gate: ReadGate): D1Database {
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
      return held(reads, () =>
        d1.batch(unwrapped.map((known, k) => known?.statement ?? (statements[k] as D1PreparedStatement))),
      );
    },
    exec: (query: string) => held(false, () => d1.exec(query)),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  } as unknown as D1Database;
}
