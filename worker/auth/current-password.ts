// The account's current password, asked for again before something a borrowed session must not do on
// its own: change the password or the email, create an app password (issues 14, 28). Wrong answers are
// counted like sign-in attempts (email and address together, a success forgiven).

import type { Config } from '../config';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import { limitPasswordAttempts } from '../middleware/rate-limit';
import { verifyPassword } from './password';
import type { SessionUser } from './session';

/** Throws 400 unless `currentPassword` is the password of `user`, who has one. */
export async function checkCurrentPassword(
  config: Pick<Config, 'secrets'>,
  db: Db,
  user: SessionUser & { passwordHash: string },
  currentPassword: string | undefined,
  ip: string,
) {
  if (!currentPassword) throw new ApiError('BAD_REQUEST', 'Current password is required');
  const attempts = await limitPasswordAttempts(db, user.email, ip);
  if (!(await verifyPassword(currentPassword, user.passwordHash, config.secrets.passwordPepper))) {
    throw new ApiError('BAD_REQUEST', 'Current password is incorrect');
  }
  await attempts.forgive();
}
