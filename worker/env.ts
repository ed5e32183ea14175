// The request's types: the bindings (bindings.ts, re-exported here) and the per-request variables on
// `c.var`. The services' configuration is parsed from the bindings in config.ts.

import type { SessionUser } from './auth/session';
import type { Bindings } from './bindings';
import type { Config } from './config';
import type { Db, PeopleDb } from './db/client';
import type { ReadGate } from './db/read-gate';
import type { Reader } from './db/reader';
import type { ReplicaSessions } from './db/replica-sessions';
import type { Services } from './services';

export type { Bindings, Secrets } from './bindings';

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    db: Db;
    /** Built once per request (services.ts): the fetcher, mail, AI, images and Stripe. */
    services: Services;
    /** The environment's variables and secrets, parsed once per isolate: `services.config`. */
    config: Config;
    requestId: string;
    user: SessionUser | null;
    /** The database holding the signed-in person's reading state: `db.people.of(user)`. */
    peopleDb: PeopleDb | null;
    sessionId: string | null;
    /**
     * The signed-in person as a reader (db/reader.ts): who, their time zone, their people database and
     * their reading list, read when first asked for (or beside the session: middleware/early-reads.ts).
     */
    reader: Reader | null;
    /** What the request's database calls wait for when its reads go ahead of the session's check (db/read-gate.ts). */
    readGate: ReadGate;
    /**
     * The request's D1 sessions (db/replica-sessions.ts): reads from a replica near the Worker, at the
     * person's bookmarks (middleware/replica-bookmarks.ts). Unset: every call to the primary.
     */
    replicas: ReplicaSessions | undefined;
  };
};

/** For sub-apps that mount `requireUser` first: there, `c.var.user` is always set. */
export type AuthedEnv = AppEnv & { Variables: { user: SessionUser; peopleDb: PeopleDb; reader: Reader } };
