// Per-request dependencies on `c.var` (STYLE.md pattern 4): a request id for logs and the service
// context (services.ts), whose database is also `c.var.db` and whose configuration is `c.var.config`.
import { createMiddleware } from 'hono/factory';
import { readConfig } from '../config';
import { callTimeline, roundTripsInSequence } from '../db/call-timeline';
import { openDatabases } from '../db/client';
import { coalescedD1, requestTick } from '../db/coalesced-d1';
import { gatedD1, openGate } from '../db/read-gate';
import { announceMailTransport } from '../email/send';
import type { AppEnv } from '../env';
import { createServices } from '../services';

/**
 * Asked for in development only: the response says in Server-Timing how many D1 calls it made and how
 * many of them it waited for one after another (`d1;desc="calls=2 roundTrips=2"`), which the benchmark
 * writes to bench/results.json `roundTrips` (bench/round-trips.mjs).
 */
export const COUNT_D1_HEADER = 'x-feedloom-count-d1';

export const services = createMiddleware<AppEnv>(async (c, next) => {
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  const config = readConfig(c.env);
  const timeline = c.req.header(COUNT_D1_HEADER) && config.development ? callTimeline() : null;
  // Each database as the request's D1 session (middleware/replica-bookmarks.ts): reads from a replica near
  // the Worker, writes to the primary. One session per binding, shared by the gate's inside and outside.
  const replicas = c.var.replicas;
  const near = (d1: D1Database, binding: string) => (replicas ? replicas.open(d1, binding) : d1);
  const metered = (d1: D1Database, binding: string) =>
    timeline ? timeline.meter(near(d1, binding), binding) : near(d1, binding);
  // Reads issued in the same tick to one database go as one D1 call (db/coalesced-d1.ts): one coalescer
  // per binding, shared by the gate's inside and outside, so the session's check and the page it reads
  // ahead of are one call where they share a database.
  const coalescers = new Map<string, D1Database>();
  const tick = requestTick();
  const counted = (d1: D1Database, binding: string) => {
    let coalescer = coalescers.get(binding);
    if (!coalescer) {
      coalescer = coalescedD1(metered(d1, binding), tick);
      coalescers.set(binding, coalescer);
    }
    return coalescer;
  };
  // Every database behind the request's read gate (db/read-gate.ts), which stays open unless the
  // session middleware reads ahead of its check (middleware/read-ahead.ts).
  const gate = openGate(openDatabases(c.env, config.databases, counted));
  const services = createServices(c.env, (d1, binding) => gatedD1(counted(d1, binding), gate, binding));
  c.set('readGate', gate);
  c.set('services', services);
  c.set('config', services.config);
  c.set('db', services.db);
  announceMailTransport(services.mail);
  await next();
  c.header('x-request-id', c.var.requestId);
  if (timeline) {
    const calls = timeline.calls();
    c.header('server-timing', `d1;desc="calls=${calls.length} roundTrips=${roundTripsInSequence(calls)}"`);
  }
});
