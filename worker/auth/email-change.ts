// Changing the address a person signs in with (issue 14). The new address gets a single-use link and
// the old one is told; the change happens only when the link is followed, so nobody can move an
// account to an address they do not read. A borrowed session alone must not be able to take the
// account over (issue 28): an account with a password confirms it first; one without approves from its
// current address, and only then does the new address get its link. Once the change is confirmed,
// everything the old address or another device still holds stops working: links mailed before, every
// other session, and the Fever keys (computed from the old address).

import type { Config } from '../config';
import { rotateFeverKeys } from '../db/app-passwords';
import { consumeToken, revokeOpenTokens } from '../db/auth-tokens';
import type { Db } from '../db/client';
import { countInWindow } from '../db/rate-limits';
import { deleteUserSessions } from '../db/sessions';
import { changeUserEmail } from '../db/users';
import { accountMailJob } from '../email/account-mail';
import type { Bindings } from '../env';
import { enqueue, enqueueMany } from '../jobs/enqueue';
import { ApiError } from '../lib/errors';
import { startOfDay } from '../lib/time';
import { limitAccountMail } from '../middleware/mail-caps';
import { checkCurrentPassword } from './current-password';
import type { SessionUser } from './session';

export const EMAIL_CHANGES_PER_DAY = 3;

export async function requestEmailChange(
  env: Pick<Bindings, 'JOBS'>,
  config: Pick<Config, 'secrets'>,
  db: Db,
  user: SessionUser,
  input: { email: string; currentPassword?: string; ip: string },
) {
  if (input.email === user.email) throw new ApiError('BAD_REQUEST', 'That is already your email');
  const { passwordHash } = user;
  if (passwordHash !== null)
    await checkCurrentPassword(config, db, { ...user, passwordHash }, input.currentPassword, input.ip);
  const day = startOfDay(Date.now(), user.timezone);
  if ((await countInWindow(db, `email-change:user:${user.id}`, day)) > EMAIL_CHANGES_PER_DAY) {
    throw new ApiError(
      'RATE_LIMITED',
      `You can ask to change your email up to ${EMAIL_CHANGES_PER_DAY} times a day. Please try again tomorrow.`,
    );
  }
  // Whether the new address already has an account is not said here (that would tell anyone who asks):
  // the confirmation fails then instead.
  // The current address gets the approval (no password) or the notice; the new one its link, now or later.
  await limitAccountMail(db, [user.email, input.email], input.ip);
  if (passwordHash === null) {
    await enqueue(env, accountMailJob('email_change_approve', { userId: user.id, email: input.email }));
    return {
      message: `We sent a link to ${user.email}. Follow it to approve the change; then ${input.email} gets a link to confirm it.`,
    };
  }
  await enqueueMany(env, [
    accountMailJob('email_change', { userId: user.id, email: input.email }),
    accountMailJob('email_change_notice', { userId: user.id, email: input.email }),
  ]);
  return { message: `We sent a link to ${input.email}. Your email changes once you follow it.` };
}

export type EmailChangeStep =
  | { status: 'approved'; email: string; message: string }
  | { status: 'changed'; email: string; message: string };

/**
 * A link of an email change was followed: the current address's approval (an account without a
 * password), which sends the new address its link; or the new address's confirmation, which moves the
 * account there and revokes what the old address and other devices held. `session` is the browser's
 * that followed it, kept signed in if it is the same person's.
 */
export async function followEmailChangeLink(
  env: Bindings,
  db: Db,
  token: string,
  session: { userId: number | null; sessionId: string | null },
  now = Date.now(),
): Promise<EmailChangeStep> {
  const consumed = await consumeToken(db, token, ['email_change_approve', 'email_change'], now);
  if (!consumed) throw new ApiError('BAD_REQUEST', 'This link is invalid or has expired. Please request a new one.');
  if (consumed.purpose === 'email_change_approve') {
    await enqueue(env, accountMailJob('email_change', { userId: consumed.userId, email: consumed.email }));
    const message = `We sent a link to ${consumed.email}. Your email changes once you follow it.`;
    return { status: 'approved', email: consumed.email, message };
  }
  const user = await changeUserEmail(db, consumed.userId, consumed.email, now);
  if (!user) throw new ApiError('CONFLICT', 'Another account already uses that email.');
  await revokeOpenTokens(db, user.id, now);
  await deleteUserSessions(db, user, session.userId === user.id ? session.sessionId : null);
  await rotateFeverKeys(db, user);
  return { status: 'changed', email: user.email, message: 'Your email has been changed' };
}
