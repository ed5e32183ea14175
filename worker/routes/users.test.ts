import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { aiGenerations, categories, emails, feeds, sessions, subscriptions, users, wordpressSites } from '../../schema';
import { findFeedByUrl } from '../db/feeds';
import { peopleDbOfUser } from '../db/users';
import { copyUsersRow } from '../db/users-row-copy';
import { generationWithImage, recordedRequests } from '../test/ai';
import { pinClock } from '../test/clock';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, sessionCookieOf, signUp, tokenFromLatestEmail, uniqueEmail } from '../test/helpers';
import { pointStripeAtFake, setStripeDown, uniqueCustomerId } from '../test/stripe';

async function follow(cookie: string, name = uniqueName('account')) {
  const url = await scriptFeed(name, { body: rss(name, [{ guid: `${name}-1`, title: `${name} first story` }]) });
  const response = await call('/api/feeds', {
    cookie,
    json: { url, name, categoryId: null, includeInAi: true },
  });
  expect(response.status).toBe(201);
  const feed = await findFeedByUrl(db, url);
  if (!feed) throw new Error('feed not stored');
  return feed;
}

describe('PATCH /api/users/me', () => {
  it('renames the person, trimmed, and says so in /me', async () => {
    const { cookie } = await signUp();
    const response = await call('/api/users/me', { cookie, method: 'PATCH', json: { name: '  Ada King  ' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Ada King' });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ name: 'Ada King' });
  });

  it.each([
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ name: 'Ada\nBcc: x@y.z' }, 'Name must not contain line breaks'],
    [{}, 'Nothing to change'],
    [{ timezone: 'Mars/Olympus' }, 'Unknown time zone'],
  ])('refuses %j with "%s" and changes nothing', async (body, message) => {
    const { cookie } = await signUp();
    const response = await call('/api/users/me', { cookie, method: 'PATCH', json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ name: 'Test Person' });
  });
});

describe('changing the password', () => {
  it('needs the current password, then signs out every other session but this one', async () => {
    const { email, password, cookie } = await signUp();
    const other = sessionCookieOf(await call('/api/auth/login', { json: { username: email, password } }));
    const wrong = await call('/api/users/me/password', {
      cookie,
      json: { currentPassword: 'not it at all', newPassword: 'a brand new secret' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Current password is incorrect' });
    expect((await call('/api/users/me', { cookie: other })).status).toBe(200);

    const changed = await call('/api/users/me/password', {
      cookie,
      json: { currentPassword: password, newPassword: 'a brand new secret' },
    });
    expect(changed.status).toBe(200);
    expect((await call('/api/users/me', { cookie })).status).toBe(200);
    expect((await call('/api/users/me', { cookie: other })).status).toBe(401);
    expect((await call('/api/auth/login', { json: { username: email, password } })).status).toBe(401);
    const login = await call('/api/auth/login', { json: { username: email, password: 'a brand new secret' } });
    expect(login.status).toBe(200);
  });

  it('refuses a short new password with the sign-up rule', async () => {
    const { password, cookie } = await signUp();
    const response = await call('/api/users/me/password', {
      cookie,
      json: { currentPassword: password, newPassword: 'short' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Password must be at least 8 characters' });
  });

  it('tells a magic-link account, which has no password, to set one from the emailed link', async () => {
    const email = uniqueEmail('magic');
    await call('/api/auth/email-signup', { json: { name: 'Link Person', email } });
    const verify = await call(`/api/auth/verify?token=${await tokenFromLatestEmail(email)}`);
    const cookie = sessionCookieOf(verify);
    const response = await call('/api/users/me/password', {
      cookie,
      json: { currentPassword: 'anything', newPassword: 'a brand new secret' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Your account has no password yet. Use the emailed link to set one first.',
    });
  });
});

describe('GET /api/users/me/export', () => {
  it('downloads the profile, categories, subscriptions, generations and preferences as JSON', async () => {
    const { cookie, userId, email, password } = await signUp();
    const category = await (await call('/api/categories', { cookie, json: { name: 'Science' } })).json();
    const feed = await follow(cookie);
    await call(`/api/feeds/${feed.id}`, {
      cookie,
      method: 'PATCH',
      json: { categoryId: (category as { id: number }).id },
    });
    await generationWithImage(userId);
    await call('/api/users/me/app-passwords', { cookie, json: { name: 'Phone', currentPassword: password } });
    const [first] = (await (await call('/api/feed-items', { cookie })).json()) as { id: number; title: string }[];
    await call(`/api/feed-items/${first?.id}`, { method: 'PATCH', cookie, json: { isStarred: true } });
    const starredTitle = first?.title;

    const response = await call('/api/users/me/export', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="feedloom-export-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = (await response.json()) as Record<string, unknown>;
    expect(data.profile).toMatchObject({ id: userId, email, name: 'Test Person', plan: 'free' });
    expect(data.categories).toEqual([{ name: 'Science' }]);
    expect(data.starredItems).toEqual([expect.objectContaining({ title: starredTitle, feed: expect.any(String) })]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ url: feed.url, category: 'Science' })]);
    expect(data.generations).toEqual([expect.objectContaining({ title: 'A summary', content: '<p>Done</p>' })]);
    expect(data.preferences).toMatchObject({ frequency: 'none' });
    expect(data.appPasswords).toEqual([expect.objectContaining({ name: 'Phone' })]);
    expect(JSON.stringify(data)).not.toMatch(/password"?:\s*"[a-z2-7]{32}"|passwordHash|secretHash/);
  });

  it('answers 401 to a signed-out request', async () => {
    expect((await call('/api/users/me/export')).status).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('refuses without the account email typed to confirm, and keeps everything', async () => {
    const { cookie, userId } = await signUp();
    for (const confirm of ['', 'someone.else@example.com']) {
      const response = await call('/api/users/me', { cookie, method: 'DELETE', json: { confirm } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: "Type your account's email to confirm" });
    }
    expect(await db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
  });

  it('deletes the person and all that is theirs; a feed still followed by another stays', async () => {
    const owner = await signUp();
    const neighbour = await signUp();
    const onlyMine = await follow(owner.cookie);
    const shared = await follow(owner.cookie);
    await call('/api/feeds', {
      cookie: neighbour.cookie,
      json: { url: shared.url, name: 'Shared', categoryId: null, includeInAi: true },
    });
    const imageKey = await generationWithImage(owner.userId);
    await db.insert(wordpressSites).values({
      userId: owner.userId,
      name: 'Blog',
      url: 'https://blog.example.com',
      username: 'ada',
      appPassword: 'ciphertext',
      createdAt: new Date(),
    });
    await call('/api/users/me/app-passwords', {
      cookie: owner.cookie,
      json: { name: 'Phone', currentPassword: owner.password },
    });
    expect((await call('/api/categories', { cookie: owner.cookie, json: { name: 'Mine' } })).status).toBe(201);
    const ownersReading = await peopleDbOfUser(db, owner.userId);

    const response = await call('/api/users/me', {
      cookie: owner.cookie,
      method: 'DELETE',
      json: { confirm: ` ${owner.email.toUpperCase()} ` },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/feedloom_session=;/);

    expect((await call('/api/users/me', { cookie: owner.cookie })).status).toBe(401);
    expect(await db.select().from(users).where(eq(users.id, owner.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.userId))).toEqual([]);
    // Their sessions and reading state went from their people database too (no cascade reaches it from users).
    expect(await ownersReading.select().from(sessions).where(eq(sessions.userId, owner.userId))).toEqual([]);
    expect(await ownersReading.select().from(subscriptions).where(eq(subscriptions.userId, owner.userId))).toEqual([]);
    expect(await ownersReading.select().from(categories).where(eq(categories.userId, owner.userId))).toEqual([]);
    expect(await db.select().from(aiGenerations).where(eq(aiGenerations.userId, owner.userId))).toEqual([]);
    expect(await db.select().from(wordpressSites).where(eq(wordpressSites.userId, owner.userId))).toEqual([]);
    expect(await db.select().from(emails).where(eq(emails.to, owner.email))).toEqual([]);
    expect(await env.IMAGES.get(imageKey)).toBeNull();
    // The feed only they followed is gone, so the cron never fetches it again; the shared one stays.
    expect(await db.shards.of(onlyMine.id).select().from(feeds).where(eq(feeds.id, onlyMine.id))).toEqual([]);
    expect(await db.shards.of(shared.id).select().from(feeds).where(eq(feeds.id, shared.id))).toHaveLength(1);
    expect(await (await call('/api/feeds', { cookie: neighbour.cookie })).json()).toEqual([
      expect.objectContaining({ id: shared.id }),
    ]);
  });

  it('lets the email register again, as a new person with nothing of the old one', async () => {
    const first = await signUp();
    await follow(first.cookie);
    await call('/api/users/me', { cookie: first.cookie, method: 'DELETE', json: { confirm: first.email } });
    const again = await signUp(first.email);
    expect(again.userId).not.toBe(first.userId);
    expect(await (await call('/api/feeds', { cookie: again.cookie })).json()).toEqual([]);
  });

  it('answers two deletes sent at once without an error, and deletes once', async () => {
    const { cookie, email, userId } = await signUp();
    const responses = await Promise.all(
      [1, 2].map(() => call('/api/users/me', { cookie, method: 'DELETE', json: { confirm: email } })),
    );
    for (const response of responses) expect([204, 401]).toContain(response.status);
    expect(responses.some((response) => response.status === 204)).toBe(true);
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
  });

  describe('with a Stripe subscription', () => {
    pointStripeAtFake();

    async function subscriber(subscriptionId: string) {
      const person = await signUp();
      await db
        .update(users)
        .set({ plan: 'pro', stripeCustomerId: uniqueCustomerId(), stripeSubscriptionId: subscriptionId })
        .where(eq(users.id, person.userId));
      await copyUsersRow(db, person.userId);
      return person;
    }

    it('cancels the subscription at Stripe before deleting, so the person is never billed again', async () => {
      const { cookie, email, userId } = await subscriber(`sub_delete_${Date.now()}`);
      await fetch(`${env.FAKE_UPSTREAM_URL}/__requests`, { method: 'DELETE' });
      const response = await call('/api/users/me', { cookie, method: 'DELETE', json: { confirm: email } });
      expect(response.status).toBe(204);
      const sent = (await (await fetch(`${env.FAKE_UPSTREAM_URL}/__requests?prefix=/v1/subscriptions`)).json()) as {
        method: string;
        path: string;
      }[];
      expect(sent).toEqual([
        expect.objectContaining({ method: 'DELETE', path: expect.stringMatching(/^\/v1\/subscriptions\/sub_delete_/) }),
      ]);
      expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    });

    it('deletes an account whose subscription Stripe no longer knows', async () => {
      const { cookie, email } = await subscriber('sub_gone');
      expect((await call('/api/users/me', { cookie, method: 'DELETE', json: { confirm: email } })).status).toBe(204);
    });

    const down: string[] = [];
    const savedTimeout = env.STRIPE_DELETION_TIMEOUT_MS;
    afterEach(async () => {
      env.STRIPE_DELETION_TIMEOUT_MS = savedTimeout;
      for (const id of down.splice(0)) await setStripeDown(id, false);
    });

    it('counts a bare 404 (no Stripe error body) for the subscription as nothing left to bill', async () => {
      const subscriptionId = `sub_${crypto.randomUUID().replaceAll('-', '')}`;
      const { cookie, email, userId } = await subscriber(subscriptionId);
      down.push(subscriptionId);
      await setStripeDown(subscriptionId, 'bare-404');
      expect((await call('/api/users/me', { cookie, method: 'DELETE', json: { confirm: email } })).status).toBe(204);
      expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    });

    it('refuses the deletion, deleting nothing, when Stripe does not answer the cancel in time', async () => {
      // Production waits 10 s (billing/stripe.ts); a few ms here, against a Stripe that never answers.
      env.STRIPE_DELETION_TIMEOUT_MS = '50';
      const subscriptionId = `sub_${crypto.randomUUID().replaceAll('-', '')}`;
      const { cookie, email } = await subscriber(subscriptionId);
      down.push(subscriptionId);
      await setStripeDown(subscriptionId, 'silent');
      const started = performance.now();
      const response = await call('/api/users/me', { cookie, method: 'DELETE', json: { confirm: email } });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({
        message: 'We could not cancel your subscription with Stripe. Please try again.',
      });
      expect(performance.now() - started).toBeLessThan(5_000);
      // Asked once, not retried: the person can send it again, and still can.
      expect(await recordedRequests(`/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
      expect((await call('/api/users/me', { cookie })).status).toBe(200);
    });
  });
});

describe('time zone', () => {
  it('keeps the browser’s time zone and moves a scheduled digest to 9:00 there', async () => {
    // 23:22 UTC is 8:22 the next morning in Tokyo, so "9:00 the next day" there is almost 25 hours away
    // (worker/ai/next-delivery.test.ts checks the rule at every hour).
    pinClock('2026-11-24T23:22:00Z');
    const { cookie } = await signUp();
    expect((await call('/api/preferences', { method: 'PATCH', cookie, json: { frequency: 'daily' } })).status).toBe(
      200,
    );
    const updated = await call('/api/users/me', { method: 'PATCH', cookie, json: { timezone: 'Asia/Tokyo' } });
    expect(updated.status).toBe(200);
    const { nextDeliveryAt } = (await (await call('/api/preferences', { cookie })).json()) as {
      nextDeliveryAt: string;
    };
    // 9:00 on 26 November in Tokyo (UTC+9, no daylight saving) is 00:00 UTC that day.
    expect(nextDeliveryAt).toBe('2026-11-26T00:00:00.000Z');

    const refused = await call('/api/users/me', { method: 'PATCH', cookie, json: { timezone: 'Mars/Olympus_Mons' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'Unknown time zone' });
  });
});
