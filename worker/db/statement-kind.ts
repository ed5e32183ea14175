// What a D1 statement may do, told from its text, for the wrappers that route or hold statements by it:
// the read gate (read-gate.ts: only reads go ahead of the session's check) and the replica sessions
// (replica-sessions.ts: a statement that may write moves the person's bookmark).

/**
 * Statements told lately: each wrapper a statement passes through (the read gate, the replica session,
 * the coalescer) asks about the same text, and a page's text runs to several kilobytes (a subscription
 * per feed in scope, up to D1's 100 KB a statement). Bounded by statements and by their characters (a
 * byte each, bench/cache-bytes-workerd.mjs): 250,000 are this cache's 0.25 MB of an isolate's budget
 * (lib/isolate-cache-budget.ts), the oldest told going first; a text longer than a quarter of that is told
 * each time it is asked.
 */
const MOST_TOLD = 64;
export const MOST_TOLD_CHARACTERS = 250_000;
const told = new Map<string, boolean>();
let toldCharacters = 0;

/** The characters of the statements this isolate keeps told now: for the test of its bound. */
export const toldCharacterCount = () => toldCharacters;

/**
 * Whether a statement may write: everything but a SELECT or WITH that names no writing keyword anywhere.
 * Cautious on purpose: a read that mentions one (a `replace()` in a SELECT) is taken for a write.
 */
export function mayWrite(query: string): boolean {
  const known = told.get(query);
  if (known !== undefined) return known;
  const writes =
    !/^\s*(select|with)\b/i.test(query) || /\b(insert|update|delete|replace|drop|create|alter)\b/i.test(query);
  if (query.length > MOST_TOLD_CHARACTERS / 4) return writes;
  for (const oldest of told.keys()) {
    if (told.size < MOST_TOLD && toldCharacters + query.length <= MOST_TOLD_CHARACTERS) break;
    told.delete(oldest);
    toldCharacters -= oldest.length;
  }
  told.set(query, writes);
  toldCharacters += query.length;
  return writes;
}
