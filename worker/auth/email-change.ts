// Changing the address a person signs in with (issue 14). The new address gets a single-use link and
// the old one is told; the change happens only when the link is followed, so nobody can move an
// account to an address they do not read. An account with a password confirms it first, so a
// borrowed session alone cannot take the account over.

import { consumeToken } from '../db/auth-tokens';
import type { Db } from '../db/client';
import { countInWindow } from '../db/rate-limits';
import { changeUserEmail } from '../db/users';
import { accountMailJob } from '../email/account-mail';
import type { Bindings } from '../env';
import { enqueueMany } from '../jobs/enqueue';
import { ApiError } from '../lib/errors';
import { startOfDay } from '../lib/time';
import { checkCurrentPassword } from './current-password';
import type { SessionUser } from './session';

export const EMAIL_CHANGES_PER_DAY = 3;

export async function requestEmailChange(
  env: Bindings,
  db: Db,
  user: SessionUser,
  input: { email: string; currentPassword?: string; ip: string },
) {
  if (input.email === user.email) throw new ApiError('BAD_REQUEST', 'That is already your email');
  const { passwordHash } = user;
  if (passwordHash !== null)
    await checkCurrentPassword(env, db, { ...user, passwordHash }, input.currentPassword, input.ip);
  const day = startOfDay(Date.now(), user.timezone);
  if ((await countInWindow(db, `email-change:user:${user.id}`, day)) > EMAIL_CHANGES_PER_DAY) {
    throw new ApiError(
      'RATE_LIMITED',
      `You can ask to change your email up to ${EMAIL_CHANGES_PER_DAY} times a day. Please try again tomorrow.`,
    );
  }
  // Whether the new address already has an account is not said here (that would tell anyone who asks):
  // the confirmation fails then instead.
  await enqueueMany(env, [
    accountMailJob('email_change', { userId: user.id, email: input.email }),
    accountMailJob('email_change_notice', { userId: user.id, email: input.email }),
  ]);
}

/** The new address's owner followed the link: the account signs in with it from now on. */
export async function confirmEmailChange(db: Db, token: string, now = Date.now()) {
  const consumed = await consumeToken(db, token, ['email_change'], now);
  if (!consumed) throw new ApiError('BAD_REQUEST', 'This link is invalid or has expired. Please request a new one.');
  const user = await changeUserEmail(db, consumed.userId, consumed.email, now);
  if (!user) throw new ApiError('CONFLICT', 'Another account already uses that email.');
  return user;
}
