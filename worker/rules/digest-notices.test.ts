// A `notify` rule's line in the next digest (issue 26): "Matched your rule X" with the item it matched,
// in the email's HTML and text parts, said once, and nothing for rules that do not notify.
import { describe, expect, it } from 'vitest';
import { deliverHeld, holdJobsWithOfflineAiInEachTest } from '../test/ai';
import { call, latestEmailTo, signUp } from '../test/helpers';
import { followGrowingFeed, HOUR } from '../test/reader-apps';

const jobs = holdJobsWithOfflineAiInEachTest();

const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

async function digestNow(cookie: string, email: string) {
  expect((await call('/api/ai-generations/digest', { cookie, method: 'POST' })).status).toBe(202);
  await deliverHeld(jobs.held);
  const mail = await latestEmailTo(email);
  expect(mail?.kind).toBe('digest');
  return { html: mail?.html ?? '', text: mail?.text ?? '' };
}

describe('rules: the digest says what notify rules matched', () => {
  it('has a “Matched your rule X” line for each new match, once, in both parts of the email', async () => {
    const person = await signUp();
    const { cookie } = person;
    const feed = await followGrowingFeed(cookie, {
      label: 'notify',
      feedName: 'Markets',
      categoryId: null,
      stories: [{ title: 'Crypto was quiet last week', pubDate: ago(30) }],
    });
    const rule = async (name: string, match: string, actions: string[]) =>
      expect((await call('/api/rules', { cookie, json: { name, match, actions } })).status).toBe(201);
    await rule('Crypto watch', 'crypto', ['notify']);
    await rule('Stocks, quietly', 'stocks', ['hide', 'notify']);
    await rule('Bonds read', 'bonds', ['markRead']);
    await feed.publish('Crypto coins crash again', ago(1));
    await feed.publish('Stocks rally on Friday', ago(0.5));
    await feed.publish('Bonds hold steady', ago(0.4));
    const first = await digestNow(cookie, person.email);
    expect(first.text).toContain('Matched your rule “Crypto watch”: Crypto coins crash again');
    // A hidden item is still said: the person asked to be told, and may open it by its link.
    expect(first.text).toContain('Matched your rule “Stocks, quietly”: Stocks rally on Friday');
    expect(first.text).not.toMatch(/Matched your rule “Bonds read”|Crypto was quiet/);
    expect(first.text).toMatch(/Crypto coins crash again\n\s+https:\/\/example\.com\//);
    expect(first.html).toMatch(
      /Matched your rule <strong>“Crypto watch”<\/strong>: <a href="https:\/\/example\.com\/[^"]+">Crypto coins crash again<\/a>/,
    );
    // Said once: the next digest has no line for them.
    const second = await digestNow(cookie, person.email);
    expect(second.text).not.toContain('Matched your rule');
    await feed.publish('Crypto rebounds', ago(0.2));
    const third = await digestNow(cookie, person.email);
    expect(third.text).toContain('Matched your rule “Crypto watch”: Crypto rebounds');
    expect(third.text).not.toContain('Crypto coins crash again');
  });
});
