import { rewritePlatform } from '@contracts/ai';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REWRITE_SETTINGS,
  loadRewriteSettings,
  REWRITE_SETTINGS_KEY,
  rewriteBlocker,
  saveRewriteSettings,
} from './rewrite-settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('remembered rewrite settings', () => {
  it('starts from English (US), DeepSeek Chat v3 and a text summary', () => {
    expect(loadRewriteSettings(memoryStorage())).toEqual({
      language: 'English (US)',
      model: 'deepseek/deepseek-chat-v3-0324',
      platform: 'text_summary',
    });
  });

  it('gives back what was saved', () => {
    const storage = memoryStorage();
    const settings = { language: 'German', model: 'perplexity/sonar', platform: 'twitter' } as const;
    saveRewriteSettings(settings, storage);
    expect(JSON.parse(storage.data.get(REWRITE_SETTINGS_KEY) ?? '')).toEqual(settings);
    expect(loadRewriteSettings(storage)).toEqual(settings);
  });

  it('replaces unknown or retired values one by one with the defaults', () => {
    const storage = memoryStorage({
      [REWRITE_SETTINGS_KEY]: JSON.stringify({ language: 'Klingon', model: 'openai/gpt-3', platform: 'facebook' }),
    });
    expect(loadRewriteSettings(storage)).toEqual({ ...DEFAULT_REWRITE_SETTINGS, platform: 'facebook' });
  });

  it('ignores what it cannot read, and storage that throws', () => {
    expect(loadRewriteSettings(memoryStorage({ [REWRITE_SETTINGS_KEY]: '{not json' }))).toEqual(
      DEFAULT_REWRITE_SETTINGS,
    );
    expect(loadRewriteSettings(memoryStorage({ [REWRITE_SETTINGS_KEY]: '"twitter"' }))).toEqual(
      DEFAULT_REWRITE_SETTINGS,
    );
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadRewriteSettings(broken)).toEqual(DEFAULT_REWRITE_SETTINGS);
    expect(() => saveRewriteSettings(DEFAULT_REWRITE_SETTINGS, broken)).not.toThrow();
  });
});

describe('rewriteBlocker', () => {
  const tweet = rewritePlatform('twitter');
  const blog = rewritePlatform('blog');
  const summary = rewritePlatform('text_summary');

  it('lets a rewrite start when the credits cover the platform', () => {
    expect(rewriteBlocker(summary, { credits: 1, isPro: false })).toBeNull();
    expect(rewriteBlocker(tweet, { credits: 1, isPro: true })).toBeNull();
    expect(rewriteBlocker(blog, { credits: 2, isPro: true })).toBeNull();
  });

  it('blocks when the credits are below the chosen platform’s cost', () => {
    expect(rewriteBlocker(tweet, { credits: 0, isPro: true })).toBe(
      'Not enough credits: Twitter/X needs 1 credit and you have 0.',
    );
    expect(rewriteBlocker(blog, { credits: 1, isPro: true })).toMatch(/needs 2 credits and you have 1/);
  });

  it('keeps the Pro platforms for Pro, and waits for the balance', () => {
    expect(rewriteBlocker(blog, { credits: 5, isPro: false })).toBe(
      'Blog Post (1000-1200 words) is a Pro feature. Upgrade to Pro to use it.',
    );
    expect(rewriteBlocker(tweet, { credits: 5, isPro: false })).toBe(
      'Twitter/X is a Pro feature. Upgrade to Pro to use it.',
    );
    expect(rewriteBlocker(tweet, undefined)).not.toBeNull();
  });
});
