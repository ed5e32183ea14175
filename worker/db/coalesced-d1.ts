// Reads issued together go to D1 as one call (issue 23). A request's session check and its page's reads
// are issued in the same tick when the page reads ahead of the check (middleware/read-ahead.ts), and
// where they go to the same database (every local run and the FreshRSS bench, where everything is DB)
// they were still two D1 calls. Locally each call costs about as much as the rest of the request (an
// empty D1 call alone serves ~362 requests a second, the list 139); in production each is a round trip
// of its own to pay for. So each database a request opens (middleware/services.ts: one coalescer per
// binding, shared by the read gate's inside and outside) holds the reads it is given until the tick's
// work is done (a macrotask later: every promise chain the request has running has gone as far as it can
// without D1), then sends them as one D1 batch, and hands each caller its own answer.
//
// Only reads are held: a D1 batch is one transaction, so a write (which may fail, or be guarded to fail:
// db/read-gate.ts) goes out on its own, as do the calls D1's batch cannot answer alike: `raw()` with
// column names, and a read whose columns D1 would name so that a row object could not keep their order.
// A read alone in its tick goes out as it was asked, so a request that makes one call still makes one.
// A batch that fails is asked again statement by statement, so each caller sees only its own error.
import { mayWrite } from './statement-kind';

type Pending = {
  /** The statement as the tick's batch runs it. */
  statement: () => D1PreparedStatement;
  /** The call as it was asked, for a read alone in its tick. */
  alone: () => Promise<unknown>;
  /** The caller's answer from the batch's result for its statement. */
  fromBatch: (result: D1Result) => unknown;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
};

/** A row object's values in column order: integer-like keys would come first in JavaScript, so none may be. */
const INTEGER_LIKE = /^(0|[1-9]\d*)$/;

/**
 * When a request's held reads go out: at the end of the tick, every database's at once (one timer for all
 * of them, so reads to several databases stay in flight together as they were before being held).
 */
export type Tick = { at(flush: () => void): void };

export function requestTick(): Tick {
  let due: (() => void)[] = [];
  return {
    at(flush) {
      if (due.length === 0)
        setTimeout(() => {
          const flushing = due;
          due = [];
          for (const one of flushing) one();
        }, 0);
      due.push(flush);
    },
  };
}

export function coalescedD1(d1: D1Database, tick: Tick = requestTick()): D1Database {
  let waiting: Pending[] = [];
  let solos: (() => void)[] = [];
  const flush = () => {
    const sending = waiting;
    const alone = solos;
    waiting = [];
    solos = [];
    for (const send of alone) send();
    const [only] = sending;
    if (!only) return;
    if (sending.length === 1) {
      only.alone().then(only.resolve, only.reject);
      return;
    }
    d1.batch(sending.map((pending) => pending.statement())).then(
      (results) =>
        sending.forEach((pending, k) => {
          try {
            pending.resolve(pending.fromBatch(results[k] as D1Result));
          } catch (error) {
            pending.reject(error);
          }
        }),
      // One statement's failure (a search's malformed match, say) fails a batch as a whole: each is asked
      // again on its own, so every caller gets its own answer or error, as without the batch.
      () => {
        for (const pending of sending) pending.alone().then(pending.resolve, pending.reject);
      },
    );
  };
  const due = () => {
    if (waiting.length === 0 && solos.length === 0) tick.at(flush);
  };
  /** One read, held for the tick's batch. */
  const held = <T>(pending: Omit<Pending, 'resolve' | 'reject'>) =>
    new Promise<T>((resolve, reject) => {
      due();
      waiting.push({ ...pending, resolve: resolve as (answer: unknown) => void, reject });
    });
  /**
   * A call of its own (a write, a batch that writes), sent at the end of the tick with the reads, so that
   * it stays in flight together with them as it was before they were held.
   */
  const solo = <T>(call: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      due();
      solos.push(() => {
        call().then(resolve, reject);
      });
    });

  const inner = new WeakMap<object, { query: string; params: unknown[] }>();
  const wrap = (query: string, params: unknown[], reads = !mayWrite(query)): D1PreparedStatement => {
    const direct = () => d1.prepare(query).bind(...params);
    const asRows = { statement: direct, fromBatch: (result: D1Result) => result };
    const statement = {
      bind: (...values: unknown[]) => wrap(query, values, reads),
      run: () => (reads ? held({ ...asRows, alone: () => direct().run() }) : solo(() => direct().run())),
      all: () => (reads ? held({ ...asRows, alone: () => direct().all() }) : solo(() => direct().all())),
      first: (column?: string) => {
        const alone = () => (column ? direct().first(column) : direct().first());
        if (!reads) return solo(alone);
        return held({
          statement: direct,
          alone,
          fromBatch: (result: D1Result) => {
            const row = result.results[0] as Record<string, unknown> | undefined;
            return row === undefined ? null : column ? row[column] : row;
          },
        });
      },
      raw: (options?: { columnNames?: boolean }) => {
        if (options?.columnNames) return solo(() => direct().raw({ columnNames: true }));
        if (!reads) return solo(() => direct().raw());
        // In a batch, through a subquery: SQLite names repeated columns apart there (`id`, `id:1`), so
        // a row object keeps every column, in order.
        const named = () => d1.prepare(`select * from (${query.trim().replace(/;+$/, '')})`).bind(...params);
        return held<unknown[][]>({
          statement: named,
          alone: () => direct().raw(),
          fromBatch: (result: D1Result) => {
            const rows = result.results as Record<string, unknown>[];
            const first = rows[0];
            if (first && Object.keys(first).some((key) => INTEGER_LIKE.test(key))) throw new AskAlone();
            return rows.map((row) => Object.values(row));
          },
        }).catch((error) => {
          // Integer-like column names (`select 1`) would lose their order in an object: asked again, alone.
          if (error instanceof AskAlone) return direct().raw();
          throw error;
        });
      },
    };
    inner.set(statement, { query, params });
    return statement as unknown as D1PreparedStatement;
  };

  return {
    prepare: (query: string) => wrap(query, []),
    batch: async (statements: D1PreparedStatement[]) => {
      const known = statements.map((statement) => inner.get(statement));
      const plain = known.map((one, k) =>
        one ? d1.prepare(one.query).bind(...one.params) : (statements[k] as D1PreparedStatement),
      );
      // A batch of reads joins the tick's batch, statement by statement; one that writes goes as it is.
      if (known.some((one) => !one || mayWrite(one.query))) return solo(() => d1.batch(plain));
      return Promise.all(
        plain.map((statement) =>
          held<D1Result>({ statement: () => statement, alone: () => statement.all(), fromBatch: (result) => result }),
        ),
      );
    },
    exec: (query: string) => d1.exec(query),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  } as unknown as D1Database;
}

/** A row of the tick's batch that cannot be answered as asked: the statement is asked again on its own. */
class AskAlone extends Error {}
