// What D1 bills, counted: a D1Database that sums the rows every statement read and wrote (D1's own result
// meta), for the cost benchmark (routes/dev.ts) and the tests that keep reading cost from regressing; or,
// with `countRows: false`, only its calls, as the queue consumer keeps to D1's queries an invocation.
export type Meter = {
  calls: number;
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  fetches: number;
  /**
   * Told when each call starts; the function it returns is called when that call has answered. The
   * tests' metered environment (worker/test/metered-env.ts) puts every database's calls on one
   * timeline with it, to see which calls ran one after another and which at the same time.
   */
  onCall?: () => () => void;
};

export const newMeter = (): Meter => ({ calls: 0, statements: 0, rowsRead: 0, rowsWritten: 0, fetches: 0 });

/**
 * A D1Database that sums `meta.rows_read` / `meta.rows_written` of every statement it runs. `raw()` and
 * `first()` return no meta, so they are answered through `all()`; a read-only `raw()` runs the statement
 * once more with `all()` for its meta (rows of joined tables may share column names, which objects lose).
 */
export function meteredD1(d1: D1Database, meter: Meter, { countRows = true } = {}): D1Database {
  const inner = new WeakMap<object, D1PreparedStatement>();
  /** One D1 call (one round trip): counted, and its start and end told to `onCall`. */
  const oneCall = async <T>(work: () => Promise<T>) => {
    meter.calls++;
    const answered = meter.onCall?.();
    try {
      return await work();
    } finally {
      answered?.();
    }
  };
  const count = (meta: D1Meta | undefined) => {
    meter.statements++;
    meter.rowsRead += meta?.rows_read ?? 0;
    meter.rowsWritten += meta?.rows_written ?? 0;
  };
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    if (!countRows) return callsOnly(statement);
    const readOnly = /^\s*(select|with)\b/i.test(query);
    const metered = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), query),
      run: () =>
        oneCall(async () => {
          const result = await statement.run();
          count(result.meta);
          return result;
        }),
      all: async () => metered.run(),
      first: async (column?: string) => {
        const row = (await metered.run()).results[0] as Record<string, unknown> | undefined;
        return row === undefined ? null : column ? row[column] : row;
      },
      raw: async () => {
        if (!readOnly) return (await metered.run()).results.map((row) => Object.values(row as object));
        return oneCall(async () => {
          const rows = await statement.raw();
          count((await statement.all()).meta);
          return rows;
        });
      },
    };
    inner.set(metered, statement);
    return metered as unknown as D1PreparedStatement;
  };
  /** Each call counted and passed on as it is: no meta read, no statement run twice (production's budget). */
  const callsOnly = (statement: D1PreparedStatement): D1PreparedStatement => {
    const counted = {
      bind: (...values: unknown[]) => callsOnly(statement.bind(...values)),
      run: () => oneCall(() => statement.run()),
      all: () => oneCall(() => statement.all()),
      first: (column?: string) => oneCall(() => (column ? statement.first(column) : statement.first())),
      raw: (options?: { columnNames?: boolean }) =>
        oneCall(() => (options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw())),
    };
    inner.set(counted, statement);
    return counted as unknown as D1PreparedStatement;
  };
  return {
    prepare: (query: string) => wrap(d1.prepare(query), query),
    batch: (statements: D1PreparedStatement[]) =>
      oneCall(async () => {
        const results = await d1.batch(statements.map((s) => inner.get(s) ?? s));
        for (const result of results) count(result.meta);
        return results;
      }),
    exec: (query: string) => d1.exec(query),
    // A session's calls are this database's calls (db/replica-sessions.ts): counted alike.
    withSession: (constraint?: string) => {
      const session = d1.withSession(constraint);
      const metered = meteredD1(session as unknown as D1Database, meter, { countRows });
      return Object.assign(metered, { getBookmark: () => session.getBookmark() });
    },
    dump: () => d1.dump(),
  } as unknown as D1Database;
}
