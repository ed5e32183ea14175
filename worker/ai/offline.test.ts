import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../html/text';
import { article, second, task } from '../test/ai-sources';
import { OFFLINE_LABEL, writeOffline } from './offline';

const textOf = (html: string) => htmlToPlainText(html);

describe('the offline model', () => {
  it('rewrites an article into a tweet of at most 280 characters, labelled', () => {
    const html = writeOffline(task({ contentType: 'twitter_post' }));
    const [tweet, label] = textOf(html).split('\n\n');
    expect(tweet?.length).toBeLessThanOrEqual(280);
    expect(tweet).toContain('Solar batteries get cheaper');
    expect(tweet).toContain('https://news.example/solar');
    expect(label).toBe(OFFLINE_LABEL);
    expect(html).not.toMatch(/<img/);
  });

  // Each platform's length limit is checked for every platform in platforms.test.ts.
  it('writes the platform’s shape in English and says it cannot translate', () => {
    const german = writeOffline(task({ contentType: 'email_newsletter', language: 'German' }));
    expect(german).toContain('Subject:');
    expect(textOf(german)).toContain('cannot translate');
  });

  it('summarises several items extractively, ranking their sentences', () => {
    const html = writeOffline(task({ items: [article, second], scope: { kind: 'feed', name: 'Tech News' } }));
    const text = textOf(html);
    expect(text).toMatch(/^2 items from 2 sources\. Themes: batteries/);
    // Every sentence of the summary is one of the items' own sentences.
    expect(text).toContain('Solar batteries fell in price again this year.');
    expect(text).toContain('Wind farms now often come with batteries attached.');
    expect(text).toContain(OFFLINE_LABEL);
  });

  it('finds shared topics and recommends items by them', () => {
    const topics = textOf(writeOffline(task({ contentType: 'topic_analysis', items: [article, second] })));
    expect(topics).toMatch(/^Batteries\n\nMentioned in 2 of 2 items/);
    const picks = writeOffline(task({ contentType: 'recommendations', items: [article, second] }));
    expect(picks).toContain('<a href="https://news.example/solar">');
    expect(textOf(picks)).toMatch(/Topics worth following: batteries/);
  });
});
