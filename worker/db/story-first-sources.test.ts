import { describe, expect, it } from 'vitest';
import { countLaterSources, firstSources, isLaterSource, type StoryMember } from './story-first-sources';

const member = (id: number, feedId: number, storyId: number, createdAt: number): StoryMember => ({
  id,
  feedId,
  storyId,
  createdAt,
});

// Story 1: feed 10 first, then 20, then 30 (a late source); story 2: feeds 20 and 30 at the same time.
const members = [
  member(101, 10, 1, 1_000),
  member(201, 20, 1, 2_000),
  member(301, 30, 1, 9_000),
  member(202, 20, 2, 5_000),
  member(302, 30, 2, 5_000),
];

describe('the first source of a story', () => {
  it('is the item that arrived first among the scope’s feeds, the smaller id on a tie', () => {
    const all = firstSources(members, () => true);
    expect([all.get(1)?.id, all.get(2)?.id]).toEqual([101, 202]);
    // A category without feed 10: its first source there is feed 20's.
    const withoutTen = firstSources(members, (feedId) => feedId !== 10);
    expect(withoutTen.get(1)?.id).toBe(201);
    expect(isLaterSource({ id: 301, storyId: 1 }, all)).toBe(true);
    expect(isLaterSource({ id: 101, storyId: 1 }, all)).toBe(false);
    // An item alone (no members read) is its own story.
    expect(isLaterSource({ id: 999, storyId: 999 }, all)).toBe(false);
  });

  it('counts the unread later sources of a scope: what its count of items says more than its count of stories', () => {
    // The person read story 1's first source; its late source is unread, and story 2 is unread in both feeds.
    const unread = [
      { id: 301, feedId: 30, storyId: 1 },
      { id: 202, feedId: 20, storyId: 2 },
      { id: 302, feedId: 30, storyId: 2 },
    ];
    // My Feed: three unread items, one unread story (story 2).
    expect(countLaterSources(unread, members, [10, 20, 30])).toBe(2);
    // Feed 30 alone: each of its items is the first of its story there.
    expect(countLaterSources(unread, members, [30])).toBe(0);
    // Feeds 20 and 30: story 1's first there is 201 (read), so 301 is a later source; 302 is one of 202.
    expect(countLaterSources(unread, members, [20, 30])).toBe(2);
  });
});
