// Accounts (spec §7 Auth, issue 2). No answer tells whether an email has an account: registering a
// taken email, asking for a magic link or a reset all answer the same way whatever the database holds.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { followEmailChangeLink } from '../auth/email-change';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { createSession, SESSION_COOKIE } from '../auth/session';
import { setSessionCookie } from '../auth/session-cookie';
import {
  emailOnlySchema,
  loginSchema,
  registerSchema,
  SWITCH_ACCOUNT_MESSAGE,
  setPasswordSchema,
  tokenSchema,
  verifyQuerySchema,
} from '../contracts/auth';
import { revokeAllAppPasswords } from '../db/app-passwords';
import { consumeToken, revokeOpenTokens, tokenHolder } from '../db/auth-tokens';
import { deleteSession, deleteUserSessions } from '../db/sessions';
import { createUser, findUserByEmail, markEmailVerified, setPasswordHash, toCurrentUser } from '../db/users';
import { accountMailJob, sendAccountMailNow } from '../email/account-mail';
import { confirmDeliveryAddress } from '../email/delivery-address';
import type { AppEnv } from '../env';
import { enqueue } from '../jobs/enqueue';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { limitAccountMail } from '../middleware/mail-caps';
import { limitAttempts, limitPasswordAttempts } from '../middleware/rate-limit';

type Ctx = Context<AppEnv>;

const clientIp = (c: Ctx) => c.req.header('cf-connecting-ip') ?? 'local';

/** `person`: their users row, or their id alone (then read for their people shard, which holds the session). */
async function signIn(c: Ctx, person: { id: number; peopleShard: number } | number) {
  const session = await createSession(c.var.db, c.var.config.secrets.session, person);
  setSessionCookie(c, session.token, session.expiresAt);
}

/**
 * register and email-signup differ only in the link they mail: password setup, or verification. A
 * taken email mails its owner a note instead; both paths send one mail now, so they take the same time.
 */
async function signUp(c: Ctx, input: { name: string; email: string }, kind: 'password_setup' | 'verify') {
  await limitAttempts(c.var.db, 'register', input.email, clientIp(c));
  await limitAccountMail(c.var.db, [input.email], clientIp(c));
  const user = await createUser(c.var.db, input);
  const job = user
    ? accountMailJob(kind, { userId: user.id })
    : accountMailJob('already_registered', { email: input.email });
  await sendAccountMailNow(c.env, c.var.services, job);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const input = c.req.valid('json');
    await signUp(c, input, 'password_setup');
    return c.json({ email: input.email }, 201);
  })
  .post('/email-signup', validate('json', registerSchema), async (c) => {
    const input = c.req.valid('json');
    await signUp(c, input, 'verify');
    return c.json({ email: input.email }, 201);
  })
  .get('/verify', validate('query', verifyQuerySchema), async (c) => {
    const { token, switch: switchAccount } = c.req.valid('query');
    // A link for another account never silently replaces the session of a signed-in browser: someone
    // could send their own sign-in link and have the victim work inside the sender's account (L10).
    if (c.var.user && !switchAccount) {
      const holder = await tokenHolder(c.var.db, token, ['verify', 'magic_link']);
      if (holder !== null && holder !== c.var.user.id) throw new ApiError('CONFLICT', SWITCH_ACCOUNT_MESSAGE);
    }
    const consumed = await consumeToken(c.var.db, token, ['verify', 'magic_link']);
    if (!consumed) throw new ApiError('BAD_REQUEST', 'This link is invalid or has expired. Please request a new one.');
    const user = await markEmailVerified(c.var.db, consumed.userId);
    if (!user) throw new ApiError('BAD_REQUEST', 'This link is invalid or has expired. Please request a new one.');
    await signIn(c, user);
    return c.json({ user: toCurrentUser(user, c.var.config.adminUserIds) });
  })
  // Both always queue the mail, known email or not: no answer, and no answer time, tells whether an
  // account exists (issue 10 L2). The job finds the account.
  .post('/magic-link', validate('json', emailOnlySchema), async (c) => {
    const { email } = c.req.valid('json');
    await limitAttempts(c.var.db, 'magic-link', email, clientIp(c));
    await limitAccountMail(c.var.db, [email], clientIp(c));
    await enqueue(c.env, accountMailJob('magic_link', { email }));
    return c.json({ email });
  })
  .post('/forgot-password', validate('json', emailOnlySchema), async (c) => {
    const { email } = c.req.valid('json');
    await limitAttempts(c.var.db, 'forgot-password', email, clientIp(c));
    await limitAccountMail(c.var.db, [email], clientIp(c));
    await enqueue(c.env, accountMailJob('password_reset', { email }));
    return c.json({ email });
  })
  .post('/set-password', validate('json', setPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const consumed = await consumeToken(c.var.db, token, ['password_setup', 'password_reset']);
    if (!consumed) {
      throw new ApiError('BAD_REQUEST', 'This password link is invalid or has expired. Please request a new one.');
    }
    await setPasswordHash(c.var.db, consumed.userId, await hashPassword(password, c.var.config.secrets.passwordPepper));
    await revokeOpenTokens(c.var.db, consumed.userId);
    // A reset is what someone does when another may have got in: the reader apps' passwords go too
    // (issue 28). A first password (setup) finds none in practice; the rule is the same for both.
    await revokeAllAppPasswords(c.var.db, consumed.userId);
    await deleteUserSessions(c.var.db, consumed.userId, c.var.user?.id === consumed.userId ? c.var.sessionId : null);
    // The emailed link proved the address and the password was just chosen: asking for both again on
    // the sign-in page would be a second login for nothing. Every other session stays revoked.
    if (c.var.user?.id !== consumed.userId) await signIn(c, consumed.userId);
    return c.json({ message: 'Password set successfully' });
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { username, password, redirect } = c.req.valid('json');
    const attempts = await limitPasswordAttempts(c.var.db, username, clientIp(c));
    const user = await findUserByEmail(c.var.db, username);
    if (!user?.passwordHash) {
      await burnPasswordCheck(password, c.var.config.secrets.passwordPepper);
      throw new ApiError('UNAUTHORIZED', 'Invalid username or password');
    }
    if (!(await verifyPassword(password, user.passwordHash, c.var.config.secrets.passwordPepper))) {
      throw new ApiError('UNAUTHORIZED', 'Invalid username or password');
    }
    await attempts.forgive();
    if (needsRehash(user.passwordHash)) {
      await setPasswordHash(c.var.db, user.id, await hashPassword(password, c.var.config.secrets.passwordPepper));
    }
    await signIn(c, user);
    return c.json({ user: toCurrentUser(user, c.var.config.adminUserIds), ...(redirect ? { redirect } : {}) });
  })
  // The owner of a digest delivery address agrees to receive Feedloom's mail (issue 10 H1). No session
  // needed: the address may belong to someone without an account.
  .post('/confirm-delivery', validate('json', tokenSchema), async (c) => {
    const email = await confirmDeliveryAddress(c.var.db, c.req.valid('json').token);
    return c.json({ email, message: 'Email address confirmed' });
  })
  // The owner of a new sign-in address follows the emailed link (issue 14). No session needed: the link
  // may be opened on another device.
  .post('/confirm-email', validate('json', tokenSchema), async (c) => {
    const session = { userId: c.var.user?.id ?? null, sessionId: c.var.sessionId ?? null };
    return c.json(await followEmailChangeLink(c.env, c.var.db, c.req.valid('json').token, session));
  })
  .post('/logout', async (c) => {
    if (c.var.sessionId && c.var.user) await deleteSession(c.var.db, c.var.user, c.var.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ message: 'Logged out' });
  });
