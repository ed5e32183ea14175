// The benchmark server's entry (bench/server.mjs bundles it in place of worker/index.ts; production never
// sees it): the Worker itself, whose D1 bindings are wrapped in a latency model when a request asks for
// one (`x-feedloom-far-reader`), for `npm run bench -- farReader` (bench/far-reader.mjs, issue 30). A
// request that does not ask goes to the Worker with the bindings as they are.
//
// The model is of a person far from the primary database, the Worker running near them:
// - `primary`: every D1 call is a round trip to the primary, PRIMARY_MS away (before read replication:
//   the binding answers every call from the primary, sessions or not);
// - `replicas`: a session's reads go to a replica near the Worker (REPLICA_MS), its writes and a
//   "first-primary" session's first call to the primary (PRIMARY_MS); a call on the binding itself
//   (no session: jobs) goes to the primary. Replicas are taken to have caught up with every bookmark
//   (replication lag is not modelled: a read right after a write could wait for it);
// - `placed` (Smart Placement): the Worker runs beside the primary, every call PLACED_MS, and the
//   person's request and its answer cross the distance once (PRIMARY_MS).
// The delay goes before each call, as its way there; the call itself runs on local D1 as in any run.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mayWrite } from '../worker/db/statement-kind';
import worker from '../worker/index';

const FAR_READER_HEADER = 'x-feedloom-far-reader';
/** What the model counted for a request: calls to the primary and to the replica, and the placement. */
const FAR_READER_CALLS_HEADER = 'x-feedloom-far-reader-calls';

const PRIMARY_MS = 150;
const REPLICA_MS = 10;
/** A Worker placed in the primary's data center: single-digit milliseconds a call (Cloudflare's figure). */
const PLACED_MS = 5;

type Placement = 'primary' | 'replicas' | 'placed';
const PLACEMENTS = new Set<string>(['primary', 'replicas', 'placed']);
/**
 * What the model counted for a request: its calls to the primary and to the replica, and how long the
 * model made it wait for D1, exactly: each call starts (in the model's time) when the calls that had
 * answered before it was made had ended, and takes its delay; the wait is when the last one ends (calls
 * in flight together overlap, as round trips do).
 */
type Counts = { primary: number; replica: number; answeredEnds: number[]; ends: number[] };

const requestCounts = new AsyncLocalStorage<Counts>();
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One call: its way there (to the primary, else to the replica), counted for the request, then `answer`. */
async function travel<T>(placement: Placement, toPrimary: boolean, answer: () => Promise<T>): Promise<T> {
  const counts = requestCounts.getStore();
  const ms = placement === 'placed' ? PLACED_MS : toPrimary ? PRIMARY_MS : REPLICA_MS;
  const end = Math.max(0, ...(counts?.answeredEnds ?? [])) + ms;
  if (counts) {
    counts[toPrimary ? 'primary' : 'replica']++;
    counts.ends.push(end);
  }
  await wait(ms);
  try {
    return await answer();
  } finally {
    counts?.answeredEnds.push(end);
  }
}

type Runner = {
  prepare(query: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<D1Result[]>;
};

/** `runner` (a binding or a session) with each call delayed; `route` says whether a call goes to the primary. */
function delayed(runner: Runner, placement: Placement, route: (writes: boolean) => boolean) {
  const inner = new WeakMap<object, { statement: D1PreparedStatement; writes: boolean }>();
  const wrap = (statement: D1PreparedStatement, writes: boolean): D1PreparedStatement => {
    const call = <T>(answer: () => Promise<T>) => travel(placement, route(writes), answer);
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), writes),
      run: () => call(() => statement.run()),
      all: () => call(() => statement.all()),
      first: (column?: string) => call(() => (column ? statement.first(column) : statement.first())),
      raw: (options?: { columnNames?: boolean }) =>
        call(() => (options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw())),
    };
    inner.set(wrapped, { statement, writes });
    return wrapped as unknown as D1PreparedStatement;
  };
  return {
    prepare: (query: string) => wrap(runner.prepare(query), mayWrite(query)),
    batch: async (statements: D1PreparedStatement[]) => {
      const unwrapped = statements.map((statement) => inner.get(statement));
      return travel(placement, route(unwrapped.some((known) => known?.writes !== false)), () =>
        runner.batch(unwrapped.map((known, k) => known?.statement ?? (statements[k] as D1PreparedStatement))),
      );
    },
  };
}

function latencyD1(d1: D1Database, placement: Placement): D1Database {
  const onBinding = delayed(d1, placement, () => true);
  return {
    ...onBinding,
    exec: (query: string) => travel(placement, true, () => d1.exec(query)),
    dump: () => d1.dump(),
    withSession(constraint?: string) {
      const session = d1.withSession(constraint);
      let first = true;
      const route = (writes: boolean) => {
        const toPrimary = placement === 'primary' || writes || (first && constraint === 'first-primary');
        first = false;
        return toPrimary;
      };
      return { ...delayed(session, placement, route), getBookmark: () => session.getBookmark() };
    },
  } as unknown as D1Database;
}

/** The environment with every D1 binding in the model, once per environment and placement. */
const wrappedEnvs = new WeakMap<object, Map<Placement, Record<string, unknown>>>();
function farEnv(env: Record<string, unknown>, placement: Placement) {
  const byPlacement = wrappedEnvs.get(env) ?? new Map<Placement, Record<string, unknown>>();
  wrappedEnvs.set(env, byPlacement);
  let wrapped = byPlacement.get(placement);
  if (!wrapped) {
    wrapped = { ...env };
    for (const [name, value] of Object.entries(env)) {
      const d1 = value as D1Database;
      if (typeof d1?.prepare === 'function' && typeof d1.withSession === 'function')
        wrapped[name] = latencyD1(d1, placement);
    }
    byPlacement.set(placement, wrapped);
  }
  return wrapped;
}

export default {
  async fetch(request: Request, env: Record<string, unknown>, ctx: ExecutionContext) {
    const placement = request.headers.get(FAR_READER_HEADER);
    if (!placement || !PLACEMENTS.has(placement)) return worker.fetch(request, env as never, ctx);
    const counts: Counts = { primary: 0, replica: 0, answeredEnds: [], ends: [] };
    // Smart Placement: the request and its answer cross the distance to the Worker beside the primary.
    if (placement === 'placed') await wait(PRIMARY_MS);
    const response = await requestCounts.run(counts, () =>
      worker.fetch(request, farEnv(env, placement as Placement) as never, ctx),
    );
    const answer = new Response(response.body, response);
    // The calls made before the answer; Smart Placement's crossing counted in its wait.
    const waited = Math.max(0, ...counts.ends) + (placement === 'placed' ? PRIMARY_MS : 0);
    answer.headers.set(FAR_READER_CALLS_HEADER, `primary=${counts.primary} replica=${counts.replica} wait=${waited}`);
    return answer;
  },
  queue: worker.queue,
  scheduled: worker.scheduled,
};
