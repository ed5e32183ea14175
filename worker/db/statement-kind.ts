// What a D1 statement may do, told from its text, for the wrappers that route or hold statements by it:
// the read gate (read-gate.ts: only reads go ahead of the session's check) and the replica sessions
// (replica-sessions.ts: a statement that may write moves the person's bookmark).

/**
 * Statements told lately: each wrapper a statement passes through (the read gate, the replica session,
 * the coalescer) asks about the same text, and a page's text runs to several kilobytes (a subscription
 * per feed in scope). Bounded: cleared when full.
 */
const told = new Map<string, boolean>();
const MOST_TOLD = 64;

/**
 * Whether a statement may write: everything but a SELECT or WITH that names no writing keyword anywhere.
 * Cautious on purpose: a read that mentions one (a `replace()` in a SELECT) is taken for a write.
 */
export function mayWrite(query: string): boolean {
  const known = told.get(query);
  if (known !== undefined) return known;
  const writes =
    !/^\s*(select|with)\b/i.test(query) || /\b(insert|update|delete|replace|drop|create|alter)\b/i.test(query);
  if (told.size >= MOST_TOLD) told.clear();
  told.set(query, writes);
  return writes;
}
