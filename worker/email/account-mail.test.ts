// Issue 10 L2, L5, L8, L11, L12: mail about an account goes through the queue without its link, says
// nothing a stranger wrote, is sent once however often its job is delivered, and a reset spends every
// other open link.
import { env } from 'cloudflare:workers';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authTokens, emails } from '../../schema';
import type { JobMessage } from '../jobs/messages';
import { deliver } from '../test/ai';
import { call, db, lastEmailId, latestEmailTo, signUp, tokenOf, uniqueEmail, waitForEmail } from '../test/helpers';

afterEach(() => vi.restoreAllMocks());

/**
 * Watches what the Worker queues. The messages go to the real local queue when `release` is called:
 * until then no queued job can send anything, so a mail that appears was sent by the request itself.
 */
function watchQueue() {
  const sent: JobMessage[] = [];
  const held: (() => Promise<void>)[] = [];
  const send = env.JOBS.send.bind(env.JOBS);
  vi.spyOn(env.JOBS, 'send').mockImplementation(async (body, options) => {
    sent.push(body as JobMessage);
    held.push(async () => {
      await send(body, options);
    });
    // What the queue answers for a message it took; the message goes there on `release`.
    return { metadata: {} } as Awaited<ReturnType<typeof send>>;
  });
  return Object.assign(sent, {
    release: async () => {
      for (const forward of held.splice(0)) await forward();
    },
  });
}

describe('sign-in and reset links (L2, L5)', () => {
  it('are always queued, for known and unknown emails alike, and no message carries the link', async () => {
    const { email } = await signUp();
    const stranger = uniqueEmail('nobody');
    const sent = watchQueue();
    const before = await lastEmailId();
    for (const path of ['/api/auth/magic-link', '/api/auth/forgot-password']) {
      for (const who of [email, stranger]) {
        const response = await call(path, { json: { email: who } });
        expect(await response.json()).toEqual({ email: who });
      }
    }
    // Nothing was sent by the requests: both answers cost the same, one queue message each.
    expect(await lastEmailId()).toBe(before);
    expect(sent.map((job) => job.type)).toEqual(Array(4).fill('send-account-email'));
    for (const job of sent) {
      expect(JSON.stringify(job)).not.toMatch(/token|https?:\/\//);
      expect(Object.keys(job).sort()).toEqual(['email', 'key', 'kind', 'type']);
    }
    await sent.release();
    await waitForEmail(email, 'Your Feedloom sign-in link', before);
    await waitForEmail(email, 'Reset your Feedloom password', before);
    expect(await latestEmailTo(stranger)).toBeNull();
  });
});

describe('a queued account mail delivered twice (L12)', () => {
  it('is sent once', async () => {
    const { email, userId } = await signUp();
    const job: JobMessage = { type: 'send-account-email', kind: 'magic_link', userId, key: crypto.randomUUID() };
    await deliver([job, job]);
    await deliver([job]);
    const sent = await db
      .select()
      .from(emails)
      .where(and(eq(emails.to, email), eq(emails.kind, 'magic_link')));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toBe(job.key);
  });
});

describe('sign-up mail to an unproven address (L8)', () => {
  it('does not repeat the name typed into the form', async () => {
    const email = uniqueEmail();
    const name = 'Win a prize at evil.example now';
    await call('/api/auth/register', { json: { name, email } });
    const mail = await latestEmailTo(email);
    expect(mail?.subject).toBe('Set your Feedloom password');
    expect(`${mail?.text} ${mail?.html}`).not.toContain('evil.example');

    await call('/api/auth/register', { json: { name, email } });
    const note = await latestEmailTo(email);
    expect(note?.subject).toBe('You already have a Feedloom account');
    expect(`${note?.text} ${note?.html}`).not.toContain('evil.example');
  });
});

describe('a password reset (L11)', () => {
  it('spends every other link the person still had open', async () => {
    const { email, userId } = await signUp();
    const before = await lastEmailId();
    await call('/api/auth/magic-link', { json: { email } });
    const signIn = tokenOf(await waitForEmail(email, 'Your Feedloom sign-in link', before));
    await call('/api/auth/forgot-password', { json: { email } });
    const reset = tokenOf(await waitForEmail(email, 'Reset your Feedloom password', before));
    expect((await call('/api/auth/set-password', { json: { token: reset, password: 'a new password' } })).status).toBe(
      200,
    );
    expect((await call(`/api/auth/verify?token=${signIn}`)).status).toBe(400);
    const open = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
    expect(open).toEqual([]);
  });
});
