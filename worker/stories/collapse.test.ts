import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { collapseStories, countStories } from './collapse';

const item = (id: number, story: number, source: string, createdAt: string): FeedItem => ({
  id,
  feedId: id * 10,
  source,
  title: `Title ${id}`,
  description: null,
  content: null,
  link: `https://example.com/${id}`,
  thumbnail: null,
  author: null,
  pubDate: createdAt,
  createdAt,
  isRead: false,
  isStarred: false,
  enclosures: [],
  story: { id: story, size: 1 },
});

describe('collapsing a list into stories', () => {
  it('keeps the first-arrived item of each story, where the story first stood, with the other sources', () => {
    const rows = collapseStories([
      item(3, 1, 'Blog', '2026-11-02T10:00:00.000Z'),
      item(9, 9, 'Wire', '2026-11-02T09:30:00.000Z'),
      item(1, 1, 'Wire', '2026-11-02T08:00:00.000Z'),
      item(2, 1, 'Daily', '2026-11-02T09:00:00.000Z'),
    ]);
    expect(rows.map((row) => [row.id, row.story, row.alsoIn?.map((other) => other.source)])).toEqual([
      [1, { id: 1, size: 3, newSources: 0 }, ['Daily', 'Blog']],
      [9, { id: 9, size: 1 }, undefined],
    ]);
  });

  it('counts without collapsing', () => {
    const rows = countStories([
      item(1, 1, 'Wire', '2026-11-02T08:00:00.000Z'),
      item(2, 1, 'Daily', '2026-11-02T09:00:00.000Z'),
    ]);
    expect(rows.map((row) => row.story.size)).toEqual([2, 2]);
    expect(rows.every((row) => row.alsoIn === undefined)).toBe(true);
  });
});
