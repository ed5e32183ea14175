// Issue 25 end to end in the Worker: summaries store their citations, checked; items without text are
// left out and counted; a window of items without text costs nothing; with a model key, an invented
// sentence is flagged by the second call, and an answer that never cites is asked again once, then
// stored unverified and refunded.
import { describe, expect, it } from 'vitest';
import type { Generation } from '../contracts/ai';
import {
  creditsOf,
  defaultItems,
  deliverHeld,
  json,
  offlineAiWithHeldJobs,
  personWithFeed,
  recordedRequests,
  useFakeAi,
} from '../test/ai';
import { INVENTED_SENTENCE } from '../test/fake-upstreams/openai';
import { hoursAgo } from '../test/feeds';
import { call, latestEmailTo } from '../test/helpers';

const jobs = offlineAiWithHeldJobs();

async function summarise(cookie: string, feedId: number) {
  const pending = await json<Generation>(
    await call('/api/ai-generations/feed-summary', { cookie, json: { feedId, language: 'English (US)' } }),
  );
  await deliverHeld(jobs.held);
  return json<Generation>(await call(`/api/ai-generations/${pending.id}`, { cookie }));
}

describe('a cited feed summary', () => {
  it('offline: every sentence is an item’s own, cites it and is supported; items without text are left out and counted', async () => {
    const person = await personWithFeed([
      ...defaultItems(),
      { guid: 'c', title: 'Only a title', link: 'https://news.example/title', pubDate: hoursAgo(3), description: '' },
    ]);
    const done = await summarise(person.cookie, person.feedId);
    expect(done.status).toBe('done');
    expect(done.lead).toMatch(/^2 items from 1 source\. Themes: .*1 item had no text and was left out\.$/);
    expect(done.citations.length).toBeGreaterThanOrEqual(4);
    const ids = new Set(person.items.map((item) => item.id));
    for (const citation of done.citations) {
      expect(citation.itemIds).toHaveLength(1);
      expect(ids.has(citation.itemIds[0] as number)).toBe(true);
      expect(citation.support).toBe('supported');
    }
    expect(done.citations.map((citation) => citation.sentence)).toContain(
      'Solar batteries fell in price again this year.',
    );
    expect(done.supportScore).toBe(1);
    expect(done.sources.map((source) => source.link).sort()).toEqual([
      'https://news.example/solar',
      'https://news.example/wind',
    ]);
    expect(await creditsOf(person.userId)).toBe(4);
  });

  it('of items that have no text at all says so and costs nothing', async () => {
    const person = await personWithFeed([
      { guid: 'a', title: 'Headline one', pubDate: hoursAgo(1), description: '' },
      { guid: 'b', title: 'Headline two', pubDate: hoursAgo(2), description: '' },
    ]);
    const done = await summarise(person.cookie, person.feedId);
    expect(done.content).toContain('There is nothing to summarise: none of the 2 items has any text');
    expect(done.citations).toEqual([]);
    expect(await creditsOf(person.userId)).toBe(5);
  });

  it('with a model key: a sentence no item supports is flagged by the second call, the true ones pass', async () => {
    useFakeAi();
    const marker = `FAKE_CITED ${crypto.randomUUID()}`;
    const person = await personWithFeed(defaultItems(marker));
    const done = await summarise(person.cookie, person.feedId);
    const verdicts = Object.fromEntries(done.citations.map((citation) => [citation.sentence, citation.support]));
    expect(verdicts).toEqual({
      'Solar batteries fell in price again this year.': 'supported',
      'Wind farms now often come with batteries attached.': 'supported',
      [INVENTED_SENTENCE]: 'not',
    });
    const invented = done.citations.find((citation) => citation.sentence === INVENTED_SENTENCE);
    expect(invented?.note).toMatch(/did not find it in its sources/);
    expect(done.supportScore).toBeCloseTo(2 / 3, 3);
    // The content keeps the sentences but not the markers; the check was a second call.
    expect(done.content).toContain(INVENTED_SENTENCE);
    expect(done.content).not.toMatch(/\[\d\]/);
    const calls = await recordedRequests('/openai/v1/chat/completions', marker);
    expect(calls.filter((request) => request.body.includes('FEEDLOOM_SUPPORT_CHECK'))).toHaveLength(1);
    expect(await creditsOf(person.userId)).toBe(4);
  });

  it('with a model key: an answer without citations is asked again once, then stored unverified and refunded', async () => {
    useFakeAi();
    const marker = `uncited-${crypto.randomUUID()}`;
    const person = await personWithFeed(defaultItems(marker));
    const done = await summarise(person.cookie, person.feedId);
    expect(done.status).toBe('done');
    expect(done.content).toContain('Written by the fake model');
    expect(done.citations).toEqual([
      {
        sentence: 'Written by the fake model openai/gpt-4o-mini.',
        itemIds: [],
        support: 'unverified',
        note: 'The model did not cite its sources in a form that could be checked.',
      },
    ]);
    expect(done.supportScore).toBe(0);
    const calls = await recordedRequests('/openai/v1/chat/completions', marker);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toContain('did not follow the citation format');
    expect(await creditsOf(person.userId)).toBe(5);
  });
});

describe('the emailed digest', () => {
  it('links each sentence to its original article and never mails an unsupported one as fact', async () => {
    useFakeAi();
    const marker = `FAKE_CITED ${crypto.randomUUID()}`;
    const person = await personWithFeed(defaultItems(marker));
    await call('/api/preferences', {
      cookie: person.cookie,
      method: 'PATCH',
      json: { contentTypes: ['text_summary'] },
    });
    expect((await call('/api/ai-generations/digest', { cookie: person.cookie, method: 'POST' })).status).toBe(202);
    await deliverHeld(jobs.held);
    const mail = await latestEmailTo(person.email);
    expect(mail?.html).toMatch(
      /Solar batteries fell in price again this year\.<sup><a href="https:\/\/news\.example\/solar"[^>]*>\[\d\]<\/a><\/sup>/,
    );
    expect(mail?.html).toMatch(
      /Wind farms now often come with batteries attached\.<sup><a href="https:\/\/news\.example\/wind"/,
    );
    expect(mail?.html).not.toContain(INVENTED_SENTENCE);
    expect(mail?.html).toContain('1 sentence was left out: the support check did not find it in the cited articles.');
    expect(mail?.text).not.toContain(INVENTED_SENTENCE);
    expect(mail?.text).toMatch(/\[\d\] Solar batteries get cheaper FAKE_CITED [^:]+: https:\/\/news\.example\/solar/);
  });
});

describe('a rewrite of one item', () => {
  it('cites that item', async () => {
    const person = await personWithFeed();
    const solar = person.items.find((item) => item.title.startsWith('Solar'));
    const response = await call(`/api/feed-items/${solar?.id}/rewrite`, {
      cookie: person.cookie,
      json: { language: 'English (US)', model: 'perplexity/sonar', platform: 'text_summary' },
    });
    expect(response.status).toBe(200);
    const { id } = await json<{ id: number }>(response);
    const done = await json<Generation>(await call(`/api/ai-generations/${id}`, { cookie: person.cookie }));
    expect(done.citations.length).toBeGreaterThan(0);
    expect(new Set(done.citations.flatMap((citation) => citation.itemIds))).toEqual(new Set([solar?.id]));
    expect(done.supportScore).toBe(1);
  });
});
