// Fever's key check (issue 15): a client signs every call with api_key = md5("email:app-password"),
// which db/app-passwords.ts keeps a hash of. A wrong or missing key answers auth 0 and counts like a
// failed sign-in from that address. The check reads the person's people database, not the primary
// (issue 30: db/app-password-copies.ts). A key this isolate has seen live reads ahead of its check, as a
// web session does (middleware/read-ahead.ts).
import type { Context } from 'hono';
import type { SessionUser } from '../auth/session';
import { noteAppPasswordUse, writeAppPasswords } from '../db/app-password-copies';
import { findUserByFeverKey } from '../db/app-passwords';
import { GateClosed } from '../db/read-gate';
import type { AppEnv } from '../env';
import { afterResponse } from '../lib/after-response';
import { limitPasswordAttempts } from '../middleware/rate-limit';
import { forget, holdReadsUntil, remember, sameRow, seenUnder } from '../middleware/read-ahead';
import { UNSIGNED } from './answer';

/**
 * The call's answer: `answer` for the key's owner, or only {api_version, auth: 0} when the key is wrong.
 * `params` holds the call's parameters, the POST body's api_key among them. A wrong key counts like a
 * failed sign-in from that address (429 past the limit); a right one counts nothing, so clients polling
 * all day write nothing for it (they were counted and forgiven on every call, two writes in the primary).
 */
export async function answerSignedCall(
  c: Context<AppEnv>,
  params: URLSearchParams,
  answer: (user: SessionUser) => Promise<Record<string, unknown>>,
) {
  const apiKey = (params.get('api_key') ?? '').toLowerCase();
  const outside = c.var.readGate.outside;
  const key = `fever:${apiKey}`;
  const seen = seenUnder(key);
  const lookup = /^[0-9a-f]{32}$/.test(apiKey) ? findUserByFeverKey(outside, apiKey) : Promise.resolve(null);
  const refuse = async () => {
    forget(key);
    await limitPasswordAttempts(outside, 'fever-api-key', c.req.header('cf-connecting-ip') ?? 'local');
    return c.json(UNSIGNED);
  };
  // After the answer: the app's sync waits on reads only.
  const noteUse = (found: NonNullable<Awaited<typeof lookup>>) => {
    afterResponse(
      (work) => c.executionCtx.waitUntil(work),
      () =>
        Promise.all([
          noteAppPasswordUse(c.var.db, found),
          // Made before the copies: copied now, so its next call is checked off the primary.
          found.copyNow
            ? writeAppPasswords(c.var.db, found.user, { kind: 'copy', appPasswordId: found.appPasswordId })
            : null,
        ]),
    );
    // A mark may move the reading list's watermarks: the key's next call waits for its check.
    if (params.has('mark')) forget(key);
    else remember(key, found.user);
  };
  if (!seen) {
    const found = await lookup;
    if (!found) return refuse();
    noteUse(found);
    return c.json(await answer(found.user));
  }
  // The key's owner as this isolate last found it, read ahead of the key's check (middleware/read-ahead.ts).
  const verdict = holdReadsUntil(
    c,
    lookup.then((found) => {
      if (!found) throw new GateClosed('ended');
      if (!sameRow(seen, found.user)) throw new GateClosed('changed');
      return found;
    }),
  );
  const ahead = await answer(seen.user).then(
    (made) => ({ made }),
    (error: unknown) => ({ error }),
  );
  try {
    noteUse(await verdict);
  } catch (error) {
    if (!(error instanceof GateClosed)) throw error;
    const fresh = await lookup;
    if (!fresh) return refuse();
    noteUse(fresh);
    // The owner's row changed since: the call is answered again on the fresh one, its gate open.
    c.var.readGate.verdict = null;
    return c.json(await answer(fresh.user));
  }
  if ('error' in ahead) throw ahead.error;
  return c.json(ahead.made);
}
