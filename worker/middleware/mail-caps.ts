// Daily caps on account mail (issue 28 L2): anyone can type anyone's address into register, magic link
// or forgot password, and the 15-minute attempt limits still let one address receive about 960 mails a
// day. Every request that mails an account address counts, across every kind of account mail, against
// each address it mails (per UTC day) and against the asking IP; past either cap it is refused with 429
// and nothing is sent. The count happens before anything is looked up, so the answer says nothing
// about whether an account exists.
import type { Db } from '../db/client';
import { countInWindow } from '../db/rate-limits';
import { ApiError } from '../lib/errors';

export const MAILS_PER_ADDRESS_PER_DAY = 10;
export const MAILS_PER_IP_PER_DAY = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one request that mails each of `to`, and the asking IP (null for a signed-in person's own
 * settings, which have their own daily cap); throws 429 once an address or the IP is past its cap.
 */
export async function limitAccountMail(db: Db, to: readonly string[], ip: string | null, now = Date.now()) {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const [byIp, ...byAddress] = await Promise.all([
    // "local": no Cloudflare in front naming the address (tests, `npm start`), so nothing to count.
    ip === null || ip === 'local' ? Promise.resolve(0) : countInWindow(db, `account-mail:ip:${ip}`, day),
    ...to.map((address) => countInWindow(db, `account-mail:to:${address.toLowerCase()}`, day)),
  ]);
  if (byAddress.some((count) => count > MAILS_PER_ADDRESS_PER_DAY)) {
    throw new ApiError('RATE_LIMITED', 'Too many emails to this address today. Please try again tomorrow.');
  }
  if ((byIp ?? 0) > MAILS_PER_IP_PER_DAY) {
    throw new ApiError('RATE_LIMITED', 'Too many emails asked for from this network today. Please try again tomorrow.');
  }
}
