// One D1 call budget for a queue invocation, shared by every job of its batch (issue 30). D1 allows
// 1,000 queries an invocation (developers.cloudflare.com/d1/platform/limits/); an invocation keeps to a
// third of that (330), so that a busier batch than any measured still has 3× headroom. Work asks for room
// before it starts: the most calls it can make (a reservation). It waits while work in flight holds the
// room, and is refused when the calls already made leave none: the caller then sends it back to the
// queue. A call past its own reservation goes ahead only while the invocation has room left unreserved,
// and otherwise throws CallBudgetSpent before reaching D1: whatever a job does, the invocation never
// makes more than its budget of calls.
import { meteredD1, newMeter } from '../db/metered-d1';

/**
 * D1 calls one queue invocation makes at most: under a third of D1's 1,000, the headroom issue 30 asks.
 * An account deletion whose feeds are in more feed shards than that has room for goes in parts, a job
 * each (auth/account-deletion.ts: at workload B, 256 feed shards and 42 people databases, up to 238
 * feed shards a part).
 */
export const INVOCATION_CALL_BUDGET = 330;

/** Thrown instead of a D1 call that would take the invocation past its budget. */
export class CallBudgetSpent extends Error {
  constructor(limit: number) {
    super(`This invocation has made its ${limit} D1 calls`);
    this.name = 'CallBudgetSpent';
  }
}

/** Room for one piece of work: its D1 calls counted against the budget through `wrap`. */
export type CallTicket = {
  /** A D1 binding whose calls count against this ticket (and throw past the budget). */
  wrap(d1: D1Database): D1Database;
  /** The work is over: what it reserved and did not call goes back to the budget. */
  release(): void;
  /** Calls made under this ticket so far. */
  readonly used: number;
};

export type CallBudget = {
  readonly limit: number;
  /** Calls made so far, every ticket's together. */
  spent(): number;
  /**
   * Room for work of at most `calls` D1 calls: at once when the budget has it unreserved, after work in
   * flight ends when that frees enough, null when it never can (the calls made leave too little).
   */
  reserve(calls: number): Promise<CallTicket | null>;
};

export function createCallBudget(limit = INVOCATION_CALL_BUDGET): CallBudget {
  let spent = 0;
  const live = new Set<{ reserved: number; used: number }>();
  let wake: (() => void)[] = [];
  /** Calls made plus calls reserved and not yet made: what the budget has promised. */
  const committed = () => {
    let promised = spent;
    for (const ticket of live) promised += Math.max(0, ticket.reserved - ticket.used);
    return promised;
  };
  const reserve = async (calls: number): Promise<CallTicket | null> => {
    for (;;) {
      if (spent + calls > limit) return null;
      if (committed() + calls <= limit) break;
      // Room held by work in flight comes back as it ends; with none in flight, none will.
      if (live.size === 0) return null;
      await new Promise<void>((resolve) => wake.push(resolve));
    }
    const ticket = { reserved: calls, used: 0 };
    live.add(ticket);
    const meter = newMeter();
    meter.onCall = () => {
      // Within its reservation a call was promised already; past it, only unpromised room will do.
      if (ticket.used >= ticket.reserved && committed() >= limit) throw new CallBudgetSpent(limit);
      ticket.used++;
      spent++;
      return () => {};
    };
    return {
      wrap: (d1) => meteredD1(d1, meter, { countRows: false }),
      release: () => {
        if (!live.delete(ticket)) return;
        const waiting = wake;
        wake = [];
        for (const resolve of waiting) resolve();
      },
      get used() {
        return ticket.used;
      },
    };
  };
  return { limit, spent: () => spent, reserve };
}
