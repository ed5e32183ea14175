// Admin routes: refused to everyone but ADMIN_USER_IDS; credits through the ledger, generations cleared.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiGenerations, creditLedger } from '../../schema';
import { createGeneration } from '../test/ai';
import { call, db, signUp } from '../test/helpers';

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
