// What a D1 statement may do, told from its text, for the wrappers that route or hold statements by it:
// the read gate (read-gate.ts: only reads go ahead of the session's check) and the replica sessions
// (replica-sessions.ts: a statement that may write moves the person's bookmark).

/**
 * Whether a statement may write: everything but a SELECT or WITH that names no writing keyword anywhere.
 * Cautious on purpose: a read that mentions one (a `replace()` in a SELECT) is taken for a write.
 */
export const mayWrite = (query: string) =>
  !/^\s*(select|with)\b/i.test(query) || /\b(insert|update|delete|replace|drop|create|alter)\b/i.test(query);
