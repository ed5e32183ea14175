import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { aiGenerations, creditLedger, users, wordpressSites } from '../../schema';
import { WORDPRESS_PASSWORD, WORDPRESS_USER } from '../test/fake-upstreams/wordpress';
import { call, db, signUp } from '../test/helpers';

const wp = (scenario: string) => `${env.FAKE_UPSTREAM_URL}/wp/${scenario}`;

async function makePro(userId: number) {
  await db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
}

async function recorded(prefix: string) {
  return (await (await fetch(`${env.FAKE_UPSTREAM_URL}/__requests?prefix=${encodeURIComponent(prefix)}`)).json()) as {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string;
  }[];
}

async function addSite(cookie: string, overrides: Record<string, unknown> = {}) {
  return call('/api/wordpress/sites', {
    cookie,
    json: {
      name: 'My Blog',
      url: wp('ok'),
      username: WORDPRESS_USER,
      applicationPassword: WORDPRESS_PASSWORD,
      ...overrides,
    },
  });
}

async function createGeneration(userId: number, values: Partial<typeof aiGenerations.$inferInsert> = {}) {
  const [row] = await db
    .insert(aiGenerations)
    .values({
      userId,
      title: 'Weekly roundup',
      content: 'First paragraph.\n\nSecond <script>alert(1)</script> paragraph.',
      contentType: 'blog',
      status: 'done',
      origin: 'rewrite',
      createdAt: new Date(),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no generation');
  return row;
}

describe('WordPress sites', () => {
  it('checks the credentials, stores the password encrypted and never returns it', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const response = await addSite(cookie);
    expect(response.status).toBe(201);
    const site = (await response.json()) as Record<string, unknown>;
    expect(site).toMatchObject({ name: 'My Blog', url: wp('ok'), username: WORDPRESS_USER, isDefault: true });
    expect(JSON.stringify(site)).not.toContain('abcd');
    const [row] = await db.select().from(wordpressSites).where(eq(wordpressSites.userId, userId));
    expect(row?.appPassword).toMatch(/^v1\./);
    expect(row?.appPassword).not.toContain('abcd');
    const list = await (await call('/api/wordpress/sites', { cookie })).json();
    expect(JSON.stringify(list)).not.toContain('abcd');
    const info = await (await call(`/api/wordpress/sites/${row?.id}/info`, { cookie })).json();
    expect(info).toEqual({
      categories: [
        { id: 1, name: 'News', count: 3 },
        { id: 2, name: 'Tech', count: 1 },
      ],
      tags: expect.arrayContaining([expect.objectContaining({ id: 5, name: 'Energy' })]),
    });
  });

  it('refuses bad sites with clear messages and saves nothing', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ applicationPassword: 'wrong pass word' }, /rejected the username or application password/],
      [{ url: wp('html') }, /web page instead of WordPress REST API data/],
      [{ url: wp('broken') }, /failed with an error \(500\)/],
      [{ url: 'http://example.com' }, /must start with https/],
      [{ url: 'https://192.168.1.10' }, /private network/],
      [{ url: 'https://localhost' }, /private network/],
      [{ url: 'ftp://example.com' }, /valid URL/],
    ];
    for (const [overrides, message] of cases) {
      const response = await addSite(cookie, overrides);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect(await (await call('/api/wordpress/sites', { cookie })).json()).toEqual([]);
  });

  it('asks for the application password again before sending it to a new URL or username (M5)', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const site = (await (await addSite(cookie)).json()) as { id: number };
    for (const changes of [{ url: wp('other') }, { username: 'someone-else' }]) {
      const response = await call(`/api/wordpress/sites/${site.id}`, { method: 'PATCH', cookie, json: changes });
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(await response.json()).toMatchObject({
        message: 'Enter the application password again to change the site URL or username.',
      });
    }
    const [row] = await db.select().from(wordpressSites).where(eq(wordpressSites.id, site.id));
    expect(row).toMatchObject({ url: wp('ok'), username: WORDPRESS_USER });
    const moved = await call(`/api/wordpress/sites/${site.id}`, {
      method: 'PATCH',
      cookie,
      json: { url: wp('ok'), username: WORDPRESS_USER, applicationPassword: WORDPRESS_PASSWORD, name: 'Same' },
    });
    expect(moved.status).toBe(200);
  });

  it('is a Pro feature', async () => {
    const { cookie } = await signUp();
    const response = await addSite(cookie);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/Pro feature/);
  });

  it('sets the default, edits and removes; another person’s site answers 404', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const first = (await (await addSite(cookie)).json()) as { id: number };
    const second = (await (await addSite(cookie, { name: 'Second', isDefault: true })).json()) as { id: number };
    const list = (await (await call('/api/wordpress/sites', { cookie })).json()) as {
      id: number;
      isDefault: boolean;
    }[];
    expect(list.find((s) => s.id === first.id)?.isDefault).toBe(false);
    expect(list.find((s) => s.id === second.id)?.isDefault).toBe(true);
    const renamed = await call(`/api/wordpress/sites/${first.id}`, {
      method: 'PATCH',
      cookie,
      json: { name: 'Renamed' },
    });
    expect(await renamed.json()).toMatchObject({ name: 'Renamed' });
    const stranger = await signUp();
    expect((await call(`/api/wordpress/sites/${first.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/wordpress/sites/${first.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(
      404,
    );
    expect((await call(`/api/wordpress/sites/${second.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    const after = (await (await call('/api/wordpress/sites', { cookie })).json()) as {
      id: number;
      isDefault: boolean;
    }[];
    expect(after).toEqual([expect.objectContaining({ id: first.id, isDefault: true })]);
  });
});

describe('publishing', () => {
  it('uploads the featured image, then creates the post with Basic auth and the chosen fields', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const site = (await (await addSite(cookie)).json()) as { id: number };
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
    await env.IMAGES.put(`generations/test-${userId}.jpg`, jpeg, { httpMetadata: { contentType: 'image/jpeg' } });
    const generation = await createGeneration(userId, { imageKey: `generations/test-${userId}.jpg` });
    await fetch(`${env.FAKE_UPSTREAM_URL}/__requests`, { method: 'DELETE' });

    const response = await call('/api/wordpress/publish', {
      cookie,
      json: {
        generationId: generation.id,
        wordpressSiteId: site.id,
        status: 'draft',
        categories: [2],
        featuredImage: true,
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'Saved as a draft in WordPress',
      postUrl: `${wp('ok')}/?p=101`,
    });

    const requests = await recorded('/wp/ok/wp-json/wp/v2/');
    const media = requests.find((r) => r.path.endsWith('/media'));
    const post = requests.find((r) => r.path.endsWith('/posts'));
    expect(media?.headers['content-type']).toBe('image/jpeg');
    expect(post?.headers.authorization).toMatch(/^Basic /);
    const sent = JSON.parse(post?.body ?? '{}');
    expect(sent).toMatchObject({ title: 'Weekly roundup', status: 'draft', categories: [2], featured_media: 77 });
    expect(sent.content).toContain('<p>First paragraph.</p>');
    expect(sent.content).not.toContain('<script');
  });

  it('turns WordPress failures into clear messages', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const site = (await (await addSite(cookie)).json()) as { id: number };
    const generation = await createGeneration(userId);
    await db
      .update(wordpressSites)
      .set({ url: wp('nocreate') })
      .where(eq(wordpressSites.id, site.id));
    const refused = await call('/api/wordpress/publish', {
      cookie,
      json: { generationId: generation.id, wordpressSiteId: site.id, status: 'publish', categories: [] },
    });
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { message: string }).message).toMatch(/may not create posts/);

    const other = await signUp();
    await makePro(other.userId);
    const foreign = await call('/api/wordpress/publish', {
      cookie: other.cookie,
      json: { generationId: generation.id, wordpressSiteId: site.id, status: 'draft', categories: [] },
    });
    expect(foreign.status).toBe(404);
  });

  it('gives up on a site that never answers after 15 seconds', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    // The 15 seconds pass on a fake timer: the request is really sent and really left unanswered.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const pending = addSite(cookie, { url: wp('slow') });
    await vi.waitFor(async () => expect((await recorded('/wp/slow')).length).toBe(1));
    await vi.advanceTimersByTimeAsync(14_000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    const response = await pending;
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/did not answer within 15 seconds/);
  });
});

describe('payments', () => {
  const secret = 'whsec_test_feedloom';
  const stripe = new Stripe('sk_test_feedloom', { httpClient: Stripe.createFetchHttpClient() });
  const saved: Record<string, string | undefined> = {};

  beforeEach(() => {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const)
      saved[key] = env[key];
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_feedloom',
      STRIPE_PRICE_ID: 'price_pro',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: env.FAKE_UPSTREAM_URL,
    });
  });
  afterEach(() => {
    Object.assign(env, saved);
  });

  async function deliver(event: Record<string, unknown>, options: { timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify(event);
    const signature = await stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: options.secret ?? secret,
      timestamp: options.timestamp,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    return call('/api/payments/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': signature, origin: '', 'content-type': 'application/json' },
    });
  }

  const checkoutCompleted = (id: string, userId: number, session: Record<string, unknown> = {}) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_1',
        object: 'checkout.session',
        client_reference_id: String(userId),
        customer: `cus_${userId}`,
        subscription: `sub_${userId}`,
        payment_status: 'paid',
        metadata: { userId: String(userId), priceId: 'price_pro' },
        ...session,
      },
    },
  });

  it('starts Checkout with the user id as client_reference_id', async () => {
    const { cookie, userId } = await signUp();
    const response = await call('/api/payments/checkout', { cookie, method: 'POST' });
    expect(await response.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_123' });
    const [sent] = (await recorded('/v1/checkout/sessions')).slice(-1);
    const form = new URLSearchParams(sent?.body);
    expect(form.get('client_reference_id')).toBe(String(userId));
    expect(form.get('line_items[0][price]')).toBe('price_pro');
    expect(form.get('success_url')).toBe('http://localhost:8787/payment-success?session_id={CHECKOUT_SESSION_ID}');
  });

  it('grants Pro only for a paid Checkout of our own price (L9)', async () => {
    const { cookie, userId } = await signUp();
    const plan = async () => ((await (await call('/api/users/me', { cookie })).json()) as { plan: string }).plan;
    const unpaid = checkoutCompleted(`evt_unpaid_${userId}`, userId, { payment_status: 'unpaid' });
    expect(await (await deliver(unpaid)).json()).toMatchObject({ applied: false });
    const otherPrice = checkoutCompleted(`evt_other_${userId}`, userId, { metadata: { priceId: 'price_other' } });
    expect(await (await deliver(otherPrice)).json()).toMatchObject({ applied: false });
    expect(await plan()).toBe('free');
    const settled = {
      ...checkoutCompleted(`evt_settled_${userId}`, userId),
      type: 'checkout.session.async_payment_succeeded',
    };
    expect(await (await deliver(settled)).json()).toMatchObject({ applied: true });
    expect(await plan()).toBe('pro');
  });

  it('says payments are not configured without keys', async () => {
    const { cookie } = await signUp();
    env.STRIPE_SECRET_KEY = undefined;
    const status = await (await call('/api/payments/status', { cookie })).json();
    expect(status).toMatchObject({ configured: false, plan: 'free', credits: 5 });
    expect((await call('/api/payments/checkout', { cookie, method: 'POST' })).status).toBe(503);
  });

  it('applies a completed checkout once: Pro and the month’s credits; a replay changes nothing', async () => {
    const { cookie, userId } = await signUp();
    const event = checkoutCompleted(`evt_checkout_${userId}`, userId);
    expect((await deliver(event)).status).toBe(200);
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ plan: 'pro', credits: 100 });
    const replay = await deliver(event);
    expect(await replay.json()).toMatchObject({ applied: false, reason: 'duplicate' });
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(ledger.map((row) => row.delta)).toEqual([5, 95]);
  });

  it('tops up on a renewal invoice and downgrades when the subscription ends, ignoring stale events', async () => {
    const { cookie, userId } = await signUp();
    await deliver(checkoutCompleted(`evt_c_${userId}`, userId));
    await db.update(users).set({ credits: 10 }).where(eq(users.id, userId));
    await deliver({
      id: `evt_inv_${userId}`,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: { id: 'in_1', object: 'invoice', customer: `cus_${userId}`, billing_reason: 'subscription_cycle' },
      },
    });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ plan: 'pro', credits: 100 });
    const oldSubscription = await deliver({
      id: `evt_old_${userId}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_old', object: 'subscription', customer: `cus_${userId}` } },
    });
    expect(await oldSubscription.json()).toMatchObject({ applied: false });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ plan: 'pro' });
    await deliver({
      id: `evt_del_${userId}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: `sub_${userId}`, object: 'subscription', customer: `cus_${userId}` } },
    });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ plan: 'free' });
  });

  it('answers 400 to forged and stale signatures, and ignores unknown accounts', async () => {
    const { userId } = await signUp();
    const forged = await deliver(checkoutCompleted('evt_forged', userId), { secret: 'whsec_wrong' });
    expect(forged.status).toBe(400);
    const stale = await deliver(checkoutCompleted('evt_stale', userId), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.status).toBe(400);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user?.plan).toBe('free');
    const unknown = await deliver(checkoutCompleted('evt_unknown', 99_999_999));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ applied: false });
    const missing = await call('/api/payments/webhook', { method: 'POST', body: '{}', headers: { origin: '' } });
    expect(missing.status).toBe(400);
  });
});

describe('admin', () => {
  it('answers 403 to everyone but the admins, on every route', async () => {
    const { cookie } = await signUp();
    for (const [method, path] of [
      ['POST', '/api/admin/clear-generations'],
      ['POST', '/api/admin/credits'],
      ['GET', '/api/admin/download-extension'],
    ] as const) {
      const response = await call(path, { method, cookie, ...(method === 'POST' ? { json: {} } : {}) });
      expect(response.status, path).toBe(403);
    }
    expect((await call('/api/admin/credits', { json: {} })).status).toBe(401);
  });

  it('adds credits through the ledger and clears a person’s generations', async () => {
    const admin = await signUp();
    const person = await signUp();
    await createGeneration(person.userId);
    const previous = env.ADMIN_USER_IDS;
    env.ADMIN_USER_IDS = String(admin.userId);
    try {
      const added = await call('/api/admin/credits', {
        cookie: admin.cookie,
        json: { email: person.email, amount: 7, reason: 'Support goodwill' },
      });
      expect(await added.json()).toMatchObject({ credits: 12 });
      const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, person.userId));
      expect(ledger.at(-1)).toMatchObject({ delta: 7, reason: `Admin ${admin.userId}: Support goodwill` });
      const cleared = await call('/api/admin/clear-generations', {
        cookie: admin.cookie,
        json: { email: person.email },
      });
      expect(await cleared.json()).toMatchObject({ deleted: 1 });
      expect(await db.select().from(aiGenerations).where(eq(aiGenerations.userId, person.userId))).toEqual([]);
      const bad = await call('/api/admin/credits', {
        cookie: admin.cookie,
        json: { email: person.email, amount: 1.5, reason: 'x' },
      });
      expect(bad.status).toBe(400);
    } finally {
      env.ADMIN_USER_IDS = previous;
    }
  });
});
