import { describe, expect, it } from 'vitest';
import { StoryGrouper } from './grouper';
import { decideStory, fingerprintItem, STORY_WINDOW_MS, type StoryInput } from './grouping';

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 2, 8);

const item = (
  feedId: number,
  hours: number,
  title: string,
  text: string,
  published = T0 + hours * HOUR,
): StoryInput => ({
  feedId,
  at: T0 + hours * HOUR,
  published,
  title,
  text,
});

// One story, three outlets, three wordings.
const recallWire = item(
  1,
  0,
  'Acme recalls 1.2 million cars over faulty brake sensors',
  'Acme Motors is recalling 1.2 million sedans worldwide because a faulty brake sensor can delay emergency braking, the carmaker said on Monday. Owners will be contacted by dealers from next month.',
);
const recallDaily = item(
  2,
  2,
  'Brake sensor fault forces Acme to recall 1.2m sedans',
  'Carmaker Acme Motors said on Monday it would recall 1.2 million sedans around the world after finding a faulty brake sensor that can delay emergency braking. Dealers will contact owners next month.',
);
const recallBlog = item(
  3,
  5,
  "Acme's 1.2 million car recall: what the brake sensor fault means",
  'Acme Motors is recalling 1.2 million sedans after a faulty brake sensor was found to delay emergency braking. Dealers will start contacting owners next month, the carmaker said.',
);
// Another story about the same company, the same week.
const ceoWire = item(
  1,
  30,
  'Acme chief executive resigns after accounting probe',
  'The chief executive of Acme Motors stepped down on Tuesday after an internal investigation found irregularities in how the carmaker booked revenue from its leasing unit, the board announced.',
);
const ceoDaily = item(
  2,
  31,
  'Acme boss quits as accounts inquiry widens',
  "Acme Motors' chief executive has resigned following an internal investigation into revenue booked by the carmaker's leasing unit, the company's board said on Tuesday, naming the finance chief as interim leader.",
);

const group = (inputs: StoryInput[]) => {
  const grouper = new StoryGrouper();
  return inputs.map((input) => grouper.add(input));
};

describe('story grouping', () => {
  it('puts the same story from three feeds in different words into one story', () => {
    const [wire, daily, blog] = group([recallWire, recallDaily, recallBlog]);
    expect(daily?.storyId).toBe(wire?.storyId);
    expect(blog?.storyId).toBe(wire?.storyId);
  });

  it('keeps two different stories about the same company in one week apart', () => {
    const results = group([recallWire, recallDaily, ceoWire, ceoDaily, recallBlog]);
    const [recall1, recall2, ceo1, ceo2, recall3] = results.map((result) => result.storyId);
    expect(ceo1).not.toBe(recall1);
    expect(ceo2).toBe(ceo1);
    expect([recall2, recall3]).toEqual([recall1, recall1]);
  });

  it('joins only within 72 hours of the story’s first item', () => {
    const late = { ...recallDaily, at: recallWire.at + STORY_WINDOW_MS + HOUR };
    const [first, second] = group([recallWire, late]);
    expect(second?.storyId).not.toBe(first?.storyId);
  });

  it('does not chain: an item close to the newest source but not to the first starts its own story', () => {
    const first = fingerprintItem(recallWire);
    // A follow-up about the parts maker: it shares the sensor and the recall with the story, not the story.
    const followUp = fingerprintItem(
      item(
        4,
        40,
        'Bolt Electronics shares slide as parts supplier faces lawsuits',
        'Shares in Bolt Electronics, which made the faulty brake sensors, fell 14% on Tuesday as investors weighed lawsuits from car owners and the cost of a replacement programme across three continents.',
      ),
    );
    expect(decideStory(followUp, [{ storyId: 1, first }])).toEqual({ kind: 'new' });
  });

  it('never merges items whose title is empty, only a date, or "Untitled", or that have no text beyond the title', () => {
    const text = recallWire.text;
    const cases: [string, string, string][] = [
      ['', text, 'empty-title'],
      ['November 2, 2026', text, 'date-title'],
      ['Mon 2nd Nov', text, 'date-title'],
      ['Untitled', text, 'untitled'],
      ['Acme recalls 1.2 million cars over faulty brake sensors', 'Acme recalls 1.2 million cars', 'no-text'],
      ['Acme recalls 1.2 million cars over faulty brake sensors', '', 'no-text'],
    ];
    for (const [title, body, reason] of cases) {
      const results = group([item(2, 0, title, body), item(3, 1, title, body)]);
      expect(results.map((result) => result.decision)).toEqual([
        { kind: 'alone', reason },
        { kind: 'alone', reason },
      ]);
      expect(results[1]?.storyId).not.toBe(results[0]?.storyId);
    }
  });

  it('does not make a feed’s daily title one endless story, even when its text repeats', () => {
    const puzzle = (day: number) =>
      item(
        5,
        day * 24,
        "Today's puzzle",
        'Solve the grid below before midnight, share your time with friends and come back tomorrow for the next one.',
      );
    const results = group([puzzle(0), puzzle(1), puzzle(2)]);
    const ids = new Set(results.map((result) => result.storyId));
    expect(ids.size).toBe(3);
    expect(results.slice(1).map((result) => result.decision)).toEqual([
      { kind: 'alone', reason: 'repeated-title' },
      { kind: 'alone', reason: 'repeated-title' },
    ]);
  });

  it('does not merge two feeds’ items that share only a stock phrase for a title', () => {
    const briefing = (feedId: number, text: string) => item(feedId, feedId, 'Daily Briefing', text);
    const results = group([
      briefing(
        6,
        'Markets fell in Asia overnight while oil prices rose on supply worries; the central bank meets on Thursday.',
      ),
      briefing(
        7,
        'A new exhibition of medieval maps opens at the city museum, and the marathon closes roads on Sunday morning.',
      ),
    ]);
    expect(results[1]?.storyId).not.toBe(results[0]?.storyId);
  });

  it('treats the same item republished by its feed under a new guid or link as the same story', () => {
    const original = item(1, 0, recallWire.title, recallWire.text);
    // The feed's software moved: new guid and link, the same item hours later with its date kept.
    const republished = { ...original, at: original.at + 9 * HOUR };
    const [first, again] = group([original, republished]);
    expect(again?.storyId).toBe(first?.storyId);
    expect(again?.decision).toMatchObject({ kind: 'join', republished: true });
  });

  it('does not merge two different items of one feed', () => {
    const [first, second] = group([recallWire, { ...recallDaily, feedId: recallWire.feedId }]);
    expect(second?.storyId).not.toBe(first?.storyId);
  });
});
