// Fever's key check (issue 15): a client signs every call with api_key = md5("email:app-password"),
// which db/app-passwords.ts keeps a hash of. A wrong or missing key answers auth 0 and counts like a
// failed sign-in from that address; a right one forgives the address. A key this isolate has seen live
// reads ahead of its check, as a web session does (middleware/read-ahead.ts).
import type { Context } from 'hono';
import type { SessionUser } from '../auth/session';
import { findUserByFeverKey, touchAppPassword } from '../db/app-passwords';
import { GateClosed } from '../db/read-gate';
import type { AppEnv } from '../env';
import { afterResponse } from '../lib/after-response';
import { limitPasswordAttempts } from '../middleware/rate-limit';
import { forget, holdReadsUntil, remember, sameRow, seenUnder } from '../middleware/read-ahead';
import { UNSIGNED } from './answer';

/** What a call whose key is not counted as a sign-in attempt has to forgive: nothing. */
const NOT_COUNTED = { forgive: async () => [] };

/**
 * The call's answer: `answer` for the key's owner, or only {api_version, auth: 0} when the key is wrong.
 * `params` holds the call's parameters, the POST body's api_key among them.
 */
export async function answerSignedCall(
  c: Context<AppEnv>,
  params: URLSearchParams,
  answer: (user: SessionUser) => Promise<Record<string, unknown>>,
) {
  const apiKey = (params.get('api_key') ?? '').toLowerCase();
  // The key is looked up in the same round trip as the attempt's count, and its owner used only once
  // the count allows it.
  const outside = c.var.readGate.outside;
  const key = `fever:${apiKey}`;
  const seen = seenUnder(key);
  const countAttempt = () =>
    limitPasswordAttempts(outside, 'fever-api-key', c.req.header('cf-connecting-ip') ?? 'local');
  // A key this isolate has seen live is not counted as an attempt (it would be forgiven at once): it is
  // counted only if its check now finds it wrong, below.
  const lookup = Promise.all([
    seen ? NOT_COUNTED : countAttempt(),
    /^[0-9a-f]{32}$/.test(apiKey) ? findUserByFeverKey(outside, apiKey) : null,
  ]);
  // After the answer: the app's sync waits on reads only.
  const noteUse = ([attempts, found]: Awaited<typeof lookup>) => {
    if (!found) return;
    afterResponse(
      (work) => c.executionCtx.waitUntil(work),
      () => Promise.all([attempts.forgive(), touchAppPassword(c.var.db, found.appPasswordId)]),
    );
    // A mark may move the reading list's watermarks: the key's next call waits for its check.
    if (params.has('mark')) forget(key);
    else remember(key, found.user);
  };
  if (!seen) {
    const checked = await lookup;
    noteUse(checked);
    return c.json(checked[1] ? await answer(checked[1].user) : UNSIGNED);
  }
  // The key's owner as this isolate last found it, read ahead of the key's check (middleware/read-ahead.ts).
  const verdict = holdReadsUntil(
    c,
    lookup.then((checked) => {
      const found = checked[1];
      if (!found) throw new GateClosed('ended');
      if (!sameRow(seen, found.user)) throw new GateClosed('changed');
      return checked;
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
    const checked = await lookup;
    const fresh = checked[1];
    if (!fresh) {
      forget(key);
      await countAttempt();
      return c.json(UNSIGNED);
    }
    noteUse(checked);
    // The owner's row changed since: the call is answered again on the fresh one, its gate open.
    c.var.readGate.verdict = null;
    return c.json(await answer(fresh.user));
  }
  if ('error' in ahead) throw ahead.error;
  return c.json(ahead.made);
}
