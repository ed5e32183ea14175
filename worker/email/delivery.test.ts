// Issue 10 H1 and issue 11 "Digests reach the person": who receives a person's digests and emailed
// AI content, how often, and what the digest mail carries.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emails } from '../../schema';
import type { Generation } from '../contracts/ai';
import { deliverHeld, holdJobsWithOfflineAiInEachTest, personWithFeed, useFakeAi } from '../test/ai';
import { call, db, latestEmailTo, signUp, tokenOf, uniqueEmail, waitForEmail } from '../test/helpers';

const jobs = holdJobsWithOfflineAiInEachTest();

const json = async <T>(response: Response) => (await response.json()) as T;
const CONFIRM_SUBJECT = 'Confirm that Feedloom may email you';

async function setDelivery(cookie: string, emailDelivery: string | null, emailSubjectTemplate = 'Digest {date}') {
  return call('/api/preferences/email', {
    cookie,
    method: 'PATCH',
    json: { emailDelivery, emailFormat: 'html', emailSubjectTemplate },
  });
}

async function digestNow(cookie: string) {
  expect((await call('/api/ai-generations/digest', { cookie, method: 'POST' })).status).toBe(202);
  await deliverHeld(jobs.held);
}

describe('a delivery address other than the account’s own (H1)', () => {
  it('gets only a confirmation, with no word the account wrote, until its owner follows the link', async () => {
    const { cookie, email } = await personWithFeed();
    const stranger = uniqueEmail('stranger');
    const saved = await setDelivery(cookie, stranger, 'URGENT: verify your bank account {date}');
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ emailDelivery: stranger, emailDeliveryConfirmed: false });

    const confirmation = await waitForEmail(stranger, CONFIRM_SUBJECT);
    // Nor the account's address, which whoever made the account chose (issue 28 L2).
    expect(confirmation.text).not.toContain(email);
    expect(confirmation.text).not.toMatch(/URGENT|bank/);

    // Digests and "Email" go to the account's own address meanwhile.
    await digestNow(cookie);
    expect((await latestEmailTo(email))?.kind).toBe('digest');
    const [generation] = await json<Generation[]>(await call('/api/ai-generations', { cookie }));
    const sent = await call(`/api/ai-generations/${generation?.id}/email`, { cookie, method: 'POST' });
    expect(await json(sent)).toMatchObject({ message: 'Email sent', to: email });
    const toStranger = await db.select().from(emails).where(eq(emails.to, stranger));
    expect(toStranger.map((mail) => mail.subject)).toEqual([CONFIRM_SUBJECT]);

    // The link works once; from then on the address receives the mail.
    const token = tokenOf(confirmation);
    const confirmed = await call('/api/auth/confirm-delivery', { json: { token } });
    expect(await json(confirmed)).toEqual({ email: stranger, message: 'Email address confirmed' });
    const again = await call('/api/auth/confirm-delivery', { json: { token } });
    expect(again.status).toBe(400);
    expect(await json(again)).toMatchObject({
      message: 'This link is invalid or has expired. Please request a new one.',
    });
    expect(await json(await call('/api/preferences', { cookie }))).toMatchObject({ emailDeliveryConfirmed: true });
    await digestNow(cookie);
    const digest = await latestEmailTo(stranger);
    expect(digest?.kind).toBe('digest');
    // The subject is the person's own, but always says it is Feedloom's digest.
    expect(digest?.subject).toMatch(/^Feedloom digest: URGENT: verify your bank account [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  it('a link for an address that was changed meanwhile confirms nothing', async () => {
    const { cookie } = await signUp();
    const first = uniqueEmail('first');
    await setDelivery(cookie, first);
    const token = tokenOf(await waitForEmail(first, CONFIRM_SUBJECT));
    await setDelivery(cookie, uniqueEmail('second'));
    expect((await call('/api/auth/confirm-delivery', { json: { token } })).status).toBe(400);
    expect(await json(await call('/api/preferences', { cookie }))).toMatchObject({ emailDeliveryConfirmed: false });
  });

  it('the account’s own address needs no confirmation, and changes are limited to 3 a day', async () => {
    const { cookie, email } = await signUp();
    expect(await json(await setDelivery(cookie, email))).toMatchObject({ emailDeliveryConfirmed: true });
    for (let i = 0; i < 3; i++) expect((await setDelivery(cookie, uniqueEmail(`change${i}`))).status).toBe(200);
    const refused = await setDelivery(cookie, uniqueEmail('fourth'));
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({
      message: 'You can change the delivery address up to 3 times a day. Please try again tomorrow.',
    });
  });
});

describe('emailing a generation (H1)', () => {
  it('works 10 times a day per person, then answers 429; every send is recorded', async () => {
    const { cookie, email, userId } = await personWithFeed();
    await digestNow(cookie);
    const [generation] = await json<Generation[]>(await call('/api/ai-generations', { cookie }));
    const path = `/api/ai-generations/${generation?.id}/email`;
    for (let i = 0; i < 10; i++) expect((await call(path, { cookie, method: 'POST' })).status).toBe(200);
    const refused = await call(path, { cookie, method: 'POST' });
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({
      message: 'You can email up to 10 generations a day. Please try again tomorrow.',
    });
    const sends = await db
      .select()
      .from(emails)
      .where(and(eq(emails.userId, userId), eq(emails.kind, 'generation')));
    expect(sends).toHaveLength(10);
    for (const send of sends) {
      expect(send).toMatchObject({ to: email, about: `generation:${generation?.id}`, status: 'sent' });
      expect(Math.abs(send.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });
});

describe('digests reach the person (issue 11)', () => {
  it('go to the account’s email when no delivery address is set, with every part, links and the image', async () => {
    // The offline model writes the text (its recommendations link every item); the fake Replicate paints.
    useFakeAi();
    env.OPENROUTER_API_KEY = undefined;
    const { cookie, email } = await personWithFeed();
    await call('/api/preferences', {
      cookie,
      method: 'PATCH',
      json: { contentTypes: ['text_summary', 'topic_analysis', 'recommendations', 'visual_content'] },
    });
    await digestNow(cookie);
    const mail = await latestEmailTo(email);
    expect(mail).toMatchObject({ kind: 'digest', subject: expect.stringMatching(/^Your Feedloom digest for /) });
    for (const part of ['Summary', 'Topic Analysis', 'Recommendations']) expect(mail?.html).toContain(part);
    expect(mail?.html).toMatch(/href="https:\/\/news\.example\/(solar|wind)"/);

    // The image is the app's own copy from R2, through a signed link a mail client can open.
    const src = mail?.html?.match(/<img src="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(src).toMatch(/^http:\/\/localhost:8787\/api\/email-images\/\d+-[\w-]+\.jpg\?sig=[\w-]+$/);
    expect(src).not.toContain(env.FAKE_UPSTREAM_URL);
    const image = await call(src.replace('http://localhost:8787', ''));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    // Change the signature's first character to another one, whatever it was.
    const forged = await call(
      src
        .replace('http://localhost:8787', '')
        .replace(/sig=(.)/, (_, first: string) => `sig=${first === 'x' ? 'y' : 'x'}`),
    );
    expect(forged.status).toBe(404);
  });
});
