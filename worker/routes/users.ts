// The signed-in person's own account (spec §7 Users, issue 14): who they are, their name and time
// zone, their password, an export of everything they made, and deleting the account.
import { Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import * as z from 'zod';
import { rescheduleDigest } from '../ai/digest';
import { deleteAccount } from '../auth/account-deletion';
import { checkCurrentPassword } from '../auth/current-password';
import { requestEmailChange } from '../auth/email-change';
import { hashPassword } from '../auth/password';
import { SESSION_COOKIE } from '../auth/session';
import { cancelSubscription, type Payments } from '../billing/stripe';
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from '../contracts/account';
import { nameSchema } from '../contracts/auth';
import { exportAccount, exportedStarPages, renameUser, setGroupStories, setUserTimeZone } from '../db/accounts';
import { type AppPasswordSummary, listAppPasswords, revokeAllAppPasswords } from '../db/app-passwords';
import { deleteUserSessions } from '../db/sessions';
import { setPasswordHash, toCurrentUser, type UserRow } from '../db/users';
import type { AuthedEnv } from '../env';
import { EXPORT_LINK_MS, exportUrl } from '../exports/export-link';
import { exportOfKey, exportsFolder } from '../exports/write-export';
import { enqueue } from '../jobs/enqueue';
import { randomBase32 } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import { streamJsonValues } from '../lib/json-stream';
import { isValidTimeZone } from '../lib/time';
import { validate } from '../lib/validate';
import { limitExports } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';
import { appPasswordRoutes } from './app-passwords';

const updateMeSchema = z
  .object({
    name: nameSchema.optional(),
    timezone: z.string().max(64).refine(isValidTimeZone, 'Unknown time zone').optional(),
    groupStories: z.boolean('groupStories must be true or false').optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.timezone !== undefined || body.groupStories !== undefined,
    'Nothing to change',
  );

export const userRoutes = new Hono<AuthedEnv>()
  // A browser that sends no session cookie is signed out, and that is an answer, not an error: null with
  // 200, so a visitor's every page does not log a 401 (issue 27). A cookie that names no live session
  // (signed out elsewhere, forged) still answers 401.
  .get('/me', async (c, next) => {
    if (!c.var.user && getCookie(c, SESSION_COOKIE) === undefined) return c.json(null);
    await next();
  })
  .use(requireUser)
  .route('/me/app-passwords', appPasswordRoutes)
  .get('/me', (c) => c.json(toCurrentUser(c.var.user, c.var.config.adminUserIds)))
  .patch('/me', validate('json', updateMeSchema), async (c) => {
    const { name, timezone, groupStories } = c.req.valid('json');
    let user: UserRow = c.var.user;
    if (name !== undefined) user = (await renameUser(c.var.db, user.id, name)) ?? user;
    if (groupStories !== undefined) user = (await setGroupStories(c.var.db, user.id, groupStories)) ?? user;
    if (timezone !== undefined && timezone !== user.timezone) {
      user = (await setUserTimeZone(c.var.db, user.id, timezone)) ?? user;
      await rescheduleDigest(c.var.db, user.id, timezone);
    }
    return c.json(toCurrentUser(user, c.var.config.adminUserIds));
  })
  .post('/me/password', validate('json', changePasswordSchema), async (c) => {
    const { currentPassword, newPassword, revokeAppPasswords = true } = c.req.valid('json');
    const user = c.var.user;
    const { passwordHash } = user;
    if (passwordHash === null) {
      throw new ApiError('BAD_REQUEST', 'Your account has no password yet. Use the emailed link to set one first.');
    }
    const ip = c.req.header('cf-connecting-ip') ?? 'local';
    await checkCurrentPassword(c.var.config, c.var.db, { ...user, passwordHash }, currentPassword, ip);
    await setPasswordHash(c.var.db, user.id, await hashPassword(newPassword, c.var.config.secrets.passwordPepper));
    // Whoever else holds a session (a lost phone, a shared computer) is signed out; this browser stays.
    await deleteUserSessions(c.var.db, user, c.var.sessionId);
    // App passwords outlive sessions: a change made because someone else got in must reach them too, so
    // they go unless the person keeps them, and the answer names every one that still works (issue 28).
    if (revokeAppPasswords) await revokeAllAppPasswords(c.var.db, user);
    const kept = revokeAppPasswords ? [] : await listAppPasswords(c.var.db, user);
    return c.json({ message: passwordChangedMessage(revokeAppPasswords, kept), keptAppPasswords: kept });
  })
  .post('/me/email', validate('json', changeEmailSchema), async (c) => {
    const { email, currentPassword } = c.req.valid('json');
    const ip = c.req.header('cf-connecting-ip') ?? 'local';
    const { message } = await requestEmailChange(c.env, c.var.config, c.var.db, c.var.user, {
      email,
      currentPassword,
      ip,
    });
    return c.json({ email, message }, 202);
  })
  .get('/me/export', async (c) => {
    await limitExports(c.var.db, c.var.user.id);
    // Everything but the starred items, then those a page at a time as the browser takes them: 10,000
    // stars of 200 KB are 2 GB, which no Worker holds (issue 29). The file is the same JSON as before.
    const data = await exportAccount(c.var.db, c.var.user, Date.now(), { starred: false });
    if (!data) return c.json(null);
    const whole = JSON.stringify(data);
    const at = whole.indexOf(STARS_SLOT) + STARS_SLOT.length - 1;
    const pages = exportedStarPages(c.var.db, c.var.user);
    const next = async () => {
      const page = await pages.next();
      return page.done ? null : page.value.map((star) => JSON.stringify(star)).join(',');
    };
    const day = new Date().toISOString().slice(0, 10);
    return c.body(streamJsonValues(whole.slice(0, at), next, whole.slice(at)), 200, {
      'content-type': 'application/json',
      'content-disposition': `attachment; filename="feedloom-export-${day}.json"`,
    });
  })
  // The export as a queued job (issue 29): asked for here, written to R2 by the queue, mailed as a
  // link that lasts EXPORT_LINK_MS, and offered by GET /me/exports while it lasts.
  .post('/me/exports', async (c) => {
    await limitExports(c.var.db, c.var.user.id);
    const exportId = randomBase32(16);
    await enqueue(c.env, { type: 'export-account', userId: c.var.user.id, exportId, createdAt: Date.now() });
    return c.json({ id: exportId, status: 'preparing', message: EXPORT_QUEUED }, 202);
  })
  .get('/me/exports', async (c) => {
    const now = Date.now();
    const userId = c.var.user.id;
    const listed = await c.var.services.exports.list({ prefix: exportsFolder(userId) });
    const ready = listed.objects
      .flatMap((object) => {
        const name = exportOfKey(userId, object.key);
        return name ? [{ ...name, bytes: object.size, expiresAt: name.createdAt + EXPORT_LINK_MS }] : [];
      })
      .filter((name) => name.expiresAt > now)
      .sort((a, b) => b.createdAt - a.createdAt);
    return c.json(
      await Promise.all(
        ready.map(async (name) => ({
          id: name.exportId,
          createdAt: new Date(name.createdAt).toISOString(),
          expiresAt: new Date(name.expiresAt).toISOString(),
          bytes: name.bytes,
          url: await exportUrl(c.var.config, name),
        })),
      ),
    );
  })
  .delete('/me', validate('json', deleteAccountSchema), async (c) => {
    const { confirm } = c.req.valid('json');
    const user = c.var.user;
    if (confirm !== user.email) throw new ApiError('BAD_REQUEST', "Type your account's email to confirm");
    await endSubscription(c.var.services.payments, user);
    // Stripe failing at the last step (the customer) does not change the answer: everything of ours is
    // gone by then and the daily cleanup deletes the customer (auth/account-deletion.ts).
    await deleteAccount(c.var.services, user.id);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

const EXPORT_QUEUED = 'We are preparing your data. We will email you a link, and it will be here when it is ready.';

/** Where the starred items go in the export's JSON: the list is sent after the rest, page by page. */
const STARS_SLOT = '"starredItems":[]';

function passwordChangedMessage(revoked: boolean, kept: AppPasswordSummary[]) {
  const changed = 'Your password has been changed.';
  if (revoked) return `${changed} Other devices have been signed out and your app passwords revoked.`;
  if (kept.length === 0) return `${changed} Other devices have been signed out.`;
  const names = kept
    .map((appPassword) => appPassword.name)
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
  return `${changed} Other devices have been signed out. These app passwords still work: ${names}.`;
}

/**
 * A paying person who deletes their account must not be charged again: the subscription ends before
 * anything is deleted, so a Stripe that does not answer refuses the deletion while it can still be sent
 * again. The deletion's last step then deletes the Stripe customer.
 */
async function endSubscription(payments: Payments, user: UserRow) {
  if (!user.stripeSubscriptionId || !payments.canCallStripe) return;
  await cancelSubscription(payments, user.stripeSubscriptionId);
}
