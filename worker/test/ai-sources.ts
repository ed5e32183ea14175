// Two articles and a text task for the AI tests that build prompts or run the offline model.
import type { SourceItem, TextTask } from '../ai/prompts';

export const article: SourceItem = {
  id: 1,
  title: 'Solar batteries get cheaper',
  text: 'Solar batteries fell in price again this year. Analysts say solar storage is now cheaper than gas peaker plants in most markets. Utilities are ordering more batteries than ever before. The trend is expected to continue as factories scale up. Some critics worry about recycling old batteries. Others point to the grid upgrades that storage makes possible.',
  link: 'https://news.example/solar',
  source: 'Tech News',
  pubDate: Date.UTC(2026, 10, 20),
};
export const second: SourceItem = {
  id: 2,
  title: 'Wind farms and batteries share the grid',
  text: 'Wind farms now often come with batteries attached. Grid operators like the steadier output. Storage lets wind power reach the evening peak. Critics worry about the supply of lithium for batteries.',
  link: 'https://news.example/wind',
  source: 'Energy Weekly',
  pubDate: Date.UTC(2026, 10, 21),
};

export const task = (overrides: Partial<TextTask>): TextTask => ({
  contentType: 'text_summary',
  language: 'English (US)',
  writingStyle: 'professional',
  contentLength: 'medium',
  scope: { kind: 'article', name: article.title },
  items: [article],
  ...overrides,
});
