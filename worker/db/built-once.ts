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
import { fillPlaceholders, type Placeholder, type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import { BoundedMap } from '../lib/bounded-map';
import { type Db, queryOf } from './client';

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
    const session = sessionOf(db);
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

/** Where a statement built by shape takes each run's own text (builtByShape). */
const TEXT_SLOT = '\u0000';

/**
 * In a statement built by shape: the place of a text that changes with each run and is no value to bind
 * (a window's statement: the case over the person's feeds that reads their positions once, read-above.ts,
 * as long as they follow feeds).
 */
export const textSlot = sql.raw(TEXT_SLOT);

/** A raw statement built once: its text cut where the run's text goes, and its values with placeholders. */
type BuiltText = { pieces: string[]; params: unknown[] };

/**
 * Raw statements (drizzle `sql`) of several shapes, each built once per isolate, as builtOnce does for a
 * select: a hot read whose text changes with a few options (a page's: its order, its state, its filters)
 * is written on the first run of each shape, with `sql.placeholder(name)` where its values go and
 * textSlot where the run's own text goes; later runs of that shape fill them in. `key` must name
 * everything the statement's text depends on but those (items/window-statement.test.ts holds a window's
 * text, values and rows to those of the statement written with its values, shape by shape). At most
 * `most` shapes are kept, the one built longest ago going first.
 */
export function builtByShape(most: number) {
  const shapes = new BoundedMap<string, BuiltText>(most);
  return (key: string, build: () => SQL, values: Record<string, unknown>, text = ''): Query => {
    let shape = shapes.get(key);
    if (!shape) {
      const query = queryOf(build());
      shape = { pieces: query.sql.split(TEXT_SLOT), params: query.params };
      shapes.set(key, shape);
    }
    return {
      sql: shape.pieces.join(text),
      params: fillPlaceholders(shape.params as (Placeholder | unknown)[], values),
    };
  };
}

/** The rows of a statement already written as text and values, as `db.all(sql)` gives them for the same statement. */
export const allRows = <Row>(db: Db, query: Query): Promise<Row[]> =>
  sessionOf(db).prepareOneTimeQuery<Row>(query, undefined, 'run', false).all();

const sessionOf = (db: Db) => (db as unknown as { session: SessionInternals }).session;

/** The drizzle session's step this leans on (sqlite-core/session prepareOneTimeQuery, as its `all` runs an SQL). */
type SessionInternals = {
  prepareOneTimeQuery<Row>(
    query: Query,
    fields: Shape['fields'] | undefined,
    executeMethod: 'all' | 'run',
    isResponseInArrayMode: boolean,
    customResultMapper?: undefined,
    queryMetadata?: { type: 'select'; tables: string[] },
  ): PreparedSelect<Row>;
};
