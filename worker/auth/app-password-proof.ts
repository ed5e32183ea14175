// Who may create an app password (issue 28). An app password outlives the session that made it and
// survives a sign-out, so the session cookie alone is not enough: whoever holds a borrowed session
// would keep a way in. The account's owner proves themself with the current password, or, for an
// account made with emailed links only, with a fresh link mailed to the account's address, followed
// in the signed-in browser (the token must be this person's).

import type { Config } from '../config';
import { consumeToken, tokenHolder } from '../db/auth-tokens';
import type { Db } from '../db/client';
import { accountMailJob } from '../email/account-mail';
import type { Bindings } from '../env';
import { enqueue } from '../jobs/enqueue';
import { ApiError } from '../lib/errors';
import { limitAccountMail } from '../middleware/mail-caps';
import { checkCurrentPassword } from './current-password';
import type { SessionUser } from './session';

const INVALID_LINK = 'This link is invalid or has expired. Please request a new one.';

/** 'proven' when the request may create the app password now; 'link-sent' when a link was mailed instead. */
export async function proveAppPasswordRequest(
  env: Pick<Bindings, 'JOBS'>,
  config: Pick<Config, 'secrets'>,
  db: Db,
  user: SessionUser,
  input: { currentPassword?: string; token?: string; ip: string },
): Promise<'proven' | 'link-sent'> {
  const { passwordHash } = user;
  if (passwordHash !== null) {
    await checkCurrentPassword(config, db, { ...user, passwordHash }, input.currentPassword, input.ip);
    return 'proven';
  }
  if (input.token) {
    // Someone else's link is refused before it is spent, so its owner can still use it.
    if ((await tokenHolder(db, input.token, ['app_password'])) !== user.id)
      throw new ApiError('BAD_REQUEST', INVALID_LINK);
    if (!(await consumeToken(db, input.token, ['app_password']))) throw new ApiError('BAD_REQUEST', INVALID_LINK);
    return 'proven';
  }
  await limitAccountMail(db, [user.email], input.ip);
  await enqueue(env, accountMailJob('app_password_link', { userId: user.id }));
  return 'link-sent';
}
