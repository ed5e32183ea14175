// Where a person's digests and emailed AI content go (issue 10 H1). An address other than the
// account's own only receives a confirmation message (a single-use link) until its owner follows it;
// until then everything goes to the account's own address, which signing in has already proven.
// Sending is limited per person per day, and every send is recorded in `emails` by sendEmail.
import type { Preferences, PreferencesInput } from '../contracts/ai';
import { consumeToken } from '../db/auth-tokens';
import type { Db } from '../db/client';
import { confirmDeliveryEmail, getPreferences, savePreferences } from '../db/preferences';
import { countInWindow } from '../db/rate-limits';
import type { Bindings } from '../env';
import { enqueue } from '../jobs/enqueue';
import { ApiError } from '../lib/errors';
import { startOfDay } from '../lib/time';
import { limitAccountMail } from '../middleware/mail-caps';
import { accountMailJob } from './account-mail';

export const CONFIRMATIONS_PER_DAY = 3;
export const GENERATION_EMAILS_PER_DAY = 10;

type Person = { id: number; email: string; timezone: string };

/** The confirmed delivery address, else the account's own. */
export const deliveryAddressOf = (user: { email: string }, prefs: Preferences) =>
  prefs.emailDelivery && prefs.emailDeliveryConfirmed ? prefs.emailDelivery : user.email;

/** Counts one more of `what` in the person's day; throws 429 with `message` past `limit`. */
async function limitPerDay(db: Db, user: Person, what: string, limit: number, message: string, now = Date.now()) {
  const day = startOfDay(now, user.timezone);
  if ((await countInWindow(db, `${what}:user:${user.id}`, day)) > limit) {
    throw new ApiError('RATE_LIMITED', message);
  }
}

export const limitGenerationEmails = (db: Db, user: Person) =>
  limitPerDay(
    db,
    user,
    'generation-email',
    GENERATION_EMAILS_PER_DAY,
    `You can email up to ${GENERATION_EMAILS_PER_DAY} generations a day. Please try again tomorrow.`,
  );

/**
 * Saves preferences; when emailDelivery changes to an address other than the account's own, it waits
 * for confirmation and a confirmation message is queued (after the save, which the job reads).
 */
export async function savePreferencesWithDelivery(
  env: Bindings,
  db: Db,
  user: Person,
  changes: Partial<PreferencesInput>,
  nextDeliveryAt?: Date | null,
) {
  const address = changes.emailDelivery;
  const current = await getPreferences(db, user.id);
  if (address === undefined || address === current.emailDelivery) {
    return savePreferences(db, user.id, changes, nextDeliveryAt);
  }
  const own = address === null || address === user.email;
  if (!own) {
    await limitPerDay(
      db,
      user,
      'delivery-confirmation',
      CONFIRMATIONS_PER_DAY,
      `You can change the delivery address up to ${CONFIRMATIONS_PER_DAY} times a day. Please try again tomorrow.`,
    );
    // The address's own daily cap on account mail, whoever asks (issue 28 L2).
    await limitAccountMail(db, [address], null);
  }
  const confirmedAt = address === user.email ? new Date() : null;
  const saved = await savePreferences(
    db,
    user.id,
    { ...changes, emailDeliveryConfirmedAt: confirmedAt },
    nextDeliveryAt,
  );
  if (!own) await enqueue(env, accountMailJob('delivery_confirm', { userId: user.id }));
  return saved;
}

/** The owner of the address followed the link: it receives mail from now on. */
export async function confirmDeliveryAddress(db: Db, token: string, now = Date.now()) {
  const consumed = await consumeToken(db, token, ['delivery_confirm'], now);
  const confirmed = consumed ? await confirmDeliveryEmail(db, consumed.userId, consumed.email, now) : null;
  if (!confirmed) {
    throw new ApiError('BAD_REQUEST', 'This link is invalid or has expired. Please request a new one.');
  }
  return confirmed;
}
