import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { USER_AGENT } from '../net/safe-fetch';
import { AI_KEY, recordedRequests, restoreAi, useFakeAi } from '../test/ai';
import { type AiConnection, AiError, aiLimits, completeText } from './client';

afterEach(restoreAi);

describe('the AI client against an OpenAI-compatible server', () => {
  const ask = (marker: string, maxTokens = 123) =>
    completeText(readConfig(env).ai as AiConnection, {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: `Summarise ${marker}` }],
      maxTokens,
      timeoutMs: aiLimits.inlineMs,
    });

  it('sends the model id, the bearer key, the token limit and our User-Agent', async () => {
    useFakeAi();
    const marker = `client-${crypto.randomUUID()}`;
    expect(await ask(marker)).toEqual({
      text: '<p>Written by the fake model openai/gpt-4o-mini.</p>',
      cutShort: false,
    });
    const [request] = await recordedRequests('/openai/v1/chat/completions', marker);
    expect(request?.headers.authorization).toBe(`Bearer ${AI_KEY}`);
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ model: 'openai/gpt-4o-mini', max_tokens: 123 });
  });

  it('turns a 429, a 500, a hang, garbage and an empty answer into clear errors', async () => {
    useFakeAi();
    const cases: [string, string, RegExp][] = [
      ['FAKE_429', 'busy', /The AI provider is busy/],
      ['FAKE_500', 'upstream', /had a problem \(error 500\)/],
      ['FAKE_HANG', 'timeout', /did not answer in time/],
      ['FAKE_GARBAGE', 'garbage', /could not read/],
      ['FAKE_BADJSON', 'garbage', /could not read/],
      ['FAKE_EMPTY', 'empty', /empty answer/],
    ];
    for (const [marker, kind, message] of cases) {
      // Only the hang waits its limit out: the others get the usual one, so a slow answer on a busy
      // machine is not taken for a hang.
      aiLimits.inlineMs = kind === 'timeout' ? 500 : 10_000;
      const error = await ask(marker).catch((caught: unknown) => caught);
      expect(error, marker).toBeInstanceOf(AiError);
      expect((error as AiError).kind, marker).toBe(kind);
      expect((error as AiError).message, marker).toMatch(message);
    }
  });
});
