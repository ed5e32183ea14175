// Hot statements of a fixed shape, built once per isolate (issue 23). drizzle writes a select's SQL
// anew each time it runs: every column named, every condition walked, each piece asked what it is.
// For the session check, which every signed-in request makes, that was about a tenth of a list
// request's CPU in workerd. A statement here is built on its first run with placeholders for the values
// that change; each later run only fills them in, and drizzle still maps the rows (its column types:
// dates, booleans, JSON) as for the statement built the usual way.
//
// This leans on drizzle's own steps for a select (sqlite-core select's _prepare: its SQL, its ordered
// fields, its joins) and on its session's prepareOneTimeQuery; built-once.test.ts holds the rows to
// what the same select built the usual way gives, so an upgrade that changes them fails there.
import { fillPlaceholders, type Placeholder, type Query, type SQLWrapper } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import type { Db } from './client';

/** The ordered list of a select's fields (drizzle-orm/utils, left out of its published types). */
type OrderedFields = unknown[];
const { orderSelectedFields } = drizzleUtils as unknown as { orderSelectedFields(fields: unknown): OrderedFields };

/** What a built select keeps: its text with placeholders, and what drizzle needs to map its rows. */
type Shape = {
  query: Query;
  fields: OrderedFields;
  joinsNotNullableMap: unknown;
  tables: string[];
};

/** The drizzle select builder's internals this leans on (sqlite-core/query-builders/select). */
type SelectInternals = SQLWrapper & {
  dialect: { sqlToQuery(sql: ReturnType<SQLWrapper['getSQL']>): Query };
  config: { fields: unknown };
  joinsNotNullableMap: unknown;
  usedTables: Set<string>;
};

type PreparedSelect<Row> = { all(): Promise<Row[]>; joinsNotNullableMap?: unknown };

/** What a run gives: awaited, the rows; in `db.batch([...])`, one of the batch's statements. */
export type BuiltRun<Row> = PromiseLike<Row[]> & { _prepare(): PreparedSelect<Row> };

/**
 * A select built once: `build` writes it against a handle, with `sql.placeholder(name)` where the
 * values go; each call runs it on `db` with `values` (driver values: a timestamp's milliseconds, not a Date).
 */
export function builtOnce<Row>(build: (db: Db) => unknown) {
  let shape: Shape | undefined;
  return (db: Db, values: Record<string, unknown>): BuiltRun<Row> => {
    if (!shape) {
      const select = build(db) as SelectInternals;
      shape = {
        query: select.dialect.sqlToQuery(select.getSQL()),
        fields: orderSelectedFields(select.config.fields),
        joinsNotNullableMap: select.joinsNotNullableMap,
        tables: [...select.usedTables],
      };
    }
    const { query, fields, joinsNotNullableMap, tables } = shape;
    const session = (db as unknown as { session: SessionInternals }).session;
    const prepare = () => {
      const prepared = session.prepareOneTimeQuery<Row>(
        { sql: query.sql, params: fillPlaceholders(query.params as (Placeholder | unknown)[], values) },
        fields,
        'all',
        true,
        undefined,
        { type: 'select', tables },
      );
      prepared.joinsNotNullableMap = joinsNotNullableMap;
      return prepared;
    };
    return {
      _prepare: prepare,
      // biome-ignore lint/suspicious/noThenProperty: awaited like drizzle's own query builders
      then: (resolve, reject) => prepare().all().then(resolve, reject),
    };
  };
}

/** The drizzle session's step this leans on (sqlite-core/session prepareOneTimeQuery). */
type SessionInternals = {
  prepareOneTimeQuery<Row>(
    query: Query,
    fields: Shape['fields'],
    executeMethod: 'all',
    isResponseInArrayMode: boolean,
    customResultMapper: undefined,
    queryMetadata: { type: 'select'; tables: string[] },
  ): PreparedSelect<Row>;
};
