// Accounts (spec §7 Auth, issue 2). No answer tells whether an email has an account: registering a
// taken email, asking for a magic link or a reset all answer the same way whatever the database holds.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { consumeToken, issueToken } from '../auth/one-time-tokens';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { createSession, deleteSession, deleteUserSessions, SESSION_COOKIE } from '../auth/session';
import { emailOnlySchema, loginSchema, registerSchema, setPasswordSchema, verifyQuerySchema } from '../contracts/auth';
import { createUser, findUserByEmail, markEmailVerified, setPasswordHash, toCurrentUser } from '../db/users';
import { sendEmail } from '../email/send';
import { templates } from '../email/templates';
import { type AppEnv, adminUserIds } from '../env';
import { enqueue } from '../jobs/enqueue';
import { ApiError } from '../lib/errors';
import { errorFields, log } from '../lib/log';
import { validate } from '../lib/validate';
import { limitAttempts } from '../middleware/rate-limit';

type Ctx = Context<AppEnv>;

const clientIp = (c: Ctx) => c.req.header('cf-connecting-ip') ?? 'local';
const link = (c: Ctx, path: string, token?: string) => {
  const url = new URL(path, c.env.APP_URL);
  if (token) url.searchParams.set('token', token);
  return url.toString();
};

/** Sends now; if the provider fails, the queue retries, so the person is never told an address exists. */
async function deliver(
  c: Ctx,
  to: string,
  userId: number,
  kind: string,
  email: { subject: string; text: string; html: string },
) {
  const message = { to, userId, kind, ...email };
  try {
    await sendEmail(c.env, c.var.db, message);
  } catch (error) {
    log.warn('email.retry_queued', { kind, requestId: c.var.requestId, ...errorFields(error) });
    await enqueue(c.env, { type: 'send-email', ...message });
  }
}

async function signIn(c: Ctx, userId: number) {
  const session = await createSession(c.var.db, c.env.SESSION_SECRET, userId);
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: new URL(c.req.url).protocol === 'https:',
    expires: session.expiresAt,
  });
}

/** register and email-signup differ only in the link they mail: password setup, or verification. */
async function signUp(c: Ctx, input: { name: string; email: string }, purpose: 'password_setup' | 'verify') {
  await limitAttempts(c.var.db, 'register', input.email, clientIp(c));
  const user = await createUser(c.var.db, input);
  if (!user) {
    const existing = await findUserByEmail(c.var.db, input.email);
    if (existing) {
      const email = templates.alreadyRegistered(
        existing.name,
        link(c, '/auth/login'),
        link(c, '/auth/forgot-password'),
      );
      await deliver(c, existing.email, existing.id, 'already_registered', email);
    }
    return;
  }
  const token = await issueToken(c.var.db, purpose, user.id, user.email);
  const email =
    purpose === 'password_setup'
      ? templates.passwordSetup(user.name, link(c, '/auth/password-setup', token))
      : templates.verifyEmail(user.name, link(c, '/auth/verify', token));
  await deliver(c, user.email, user.id, purpose, email);
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
    const consumed = await consumeToken(c.var.db, c.req.valid('query').token, ['verify', 'magic_link']);
    if (!consumed) throw new ApiError('BAD_REQUEST', 'This link is invalid or has expired. Please request a new one.');
    const user = await markEmailVerified(c.var.db, consumed.userId);
    if (!user) throw new ApiError('BAD_REQUEST', 'This link is invalid or has expired. Please request a new one.');
    await signIn(c, user.id);
    return c.json({ user: toCurrentUser(user, adminUserIds(c.env)) });
  })
  .post('/magic-link', validate('json', emailOnlySchema), async (c) => {
    const { email } = c.req.valid('json');
    await limitAttempts(c.var.db, 'magic-link', email, clientIp(c));
    const user = await findUserByEmail(c.var.db, email);
    if (user) {
      const token = await issueToken(c.var.db, 'magic_link', user.id, user.email);
      await deliver(c, user.email, user.id, 'magic_link', templates.magicLink(link(c, '/auth/verify', token)));
    }
    return c.json({ email });
  })
  .post('/forgot-password', validate('json', emailOnlySchema), async (c) => {
    const { email } = c.req.valid('json');
    await limitAttempts(c.var.db, 'forgot-password', email, clientIp(c));
    const user = await findUserByEmail(c.var.db, email);
    if (user) {
      const token = await issueToken(c.var.db, 'password_reset', user.id, user.email);
      await deliver(
        c,
        user.email,
        user.id,
        'password_reset',
        templates.passwordReset(link(c, '/auth/reset-password', token)),
      );
    }
    return c.json({ email });
  })
  .post('/set-password', validate('json', setPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const consumed = await consumeToken(c.var.db, token, ['password_setup', 'password_reset']);
    if (!consumed) {
      throw new ApiError('BAD_REQUEST', 'This password link is invalid or has expired. Please request a new one.');
    }
    await setPasswordHash(c.var.db, consumed.userId, await hashPassword(password, c.env.PASSWORD_PEPPER));
    await deleteUserSessions(c.var.db, consumed.userId, c.var.user?.id === consumed.userId ? c.var.sessionId : null);
    // The emailed link proved the address and the password was just chosen: asking for both again on
    // the sign-in page would be a second login for nothing. Every other session stays revoked.
    if (c.var.user?.id !== consumed.userId) await signIn(c, consumed.userId);
    return c.json({ message: 'Password set successfully' });
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { username, password, redirect } = c.req.valid('json');
    await limitAttempts(c.var.db, 'login', username, clientIp(c));
    const user = await findUserByEmail(c.var.db, username);
    if (!user?.passwordHash) {
      await burnPasswordCheck(password, c.env.PASSWORD_PEPPER);
      throw new ApiError('UNAUTHORIZED', 'Invalid username or password');
    }
    if (!(await verifyPassword(password, user.passwordHash, c.env.PASSWORD_PEPPER))) {
      throw new ApiError('UNAUTHORIZED', 'Invalid username or password');
    }
    if (needsRehash(user.passwordHash)) {
      await setPasswordHash(c.var.db, user.id, await hashPassword(password, c.env.PASSWORD_PEPPER));
    }
    await signIn(c, user.id);
    return c.json({ user: toCurrentUser(user, adminUserIds(c.env)), ...(redirect ? { redirect } : {}) });
  })
  .post('/logout', async (c) => {
    if (c.var.sessionId) await deleteSession(c.var.db, c.var.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ message: 'Logged out' });
  });
