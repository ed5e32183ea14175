// The daily cleanup drops only what no rule still counts on: a per-day cap (OPML imports, email
// changes, delivery addresses) keeps its count however early in the day the cleanup runs.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { deleteExpired } from './cleanup';
import { createDb } from './client';
import { countInWindow, RATE_WINDOW_MS } from './rate-limits';

const db = createDb(env);
const HOUR_MS = 60 * 60 * 1000;
const DAY_START = Date.UTC(2026, 2, 14);

describe('deleteExpired', () => {
  it('keeps a daily counter through a cleanup later that day', async () => {
    const key = 'opml-import:user:cleanup-daily';
    await countInWindow(db, key, DAY_START);
    await countInWindow(db, key, DAY_START);
    await deleteExpired(db, DAY_START + 3 * HOUR_MS);
    expect(await countInWindow(db, key, DAY_START)).toBe(3);
  });

  it('drops counters whose window ended more than a day ago', async () => {
    const key = 'sign-in:ip:cleanup-old';
    const windowStart = DAY_START - 2 * 24 * HOUR_MS;
    await countInWindow(db, key, windowStart);
    await countInWindow(db, key, windowStart);
    await deleteExpired(db, DAY_START);
    // Removed, so the same window starts again at 1 (a stale row would have said 3).
    expect(await countInWindow(db, key, windowStart)).toBe(1);
  });

  it('keeps the current attempt window', async () => {
    const key = 'sign-in:ip:cleanup-current';
    const windowStart = Math.floor((DAY_START + HOUR_MS) / RATE_WINDOW_MS) * RATE_WINDOW_MS;
    await countInWindow(db, key, windowStart);
    await deleteExpired(db, windowStart + 60_000);
    expect(await countInWindow(db, key, windowStart)).toBe(2);
  });
});
