// Which story a new item belongs to: the rules, apart from where the stories are kept (story-index.ts).
// An item joins a story when it is close to the story's FIRST item, from another feed and within 72 hours
// of it, so that a story never chains on from one rewrite to the next into something else. Items that
// carry nothing to compare (an empty, date-only or "Untitled" title, a title and no text) are never
// merged, and a feed's repeated title ("Daily Briefing", "Today's puzzle") is not one endless story.
// The same item republished by its feed under a new guid or link (same title, the same text) is the one
// case where two items of one feed are one story.

import { bandKeys, estimatedJaccard, hashWord, minHash } from './signature';
import { contentWords, foldText, leadWords } from './words';

/** Stories form within this window: an item joins a story whose first item is at most this far from it. */
export const STORY_WINDOW_MS = 72 * 60 * 60 * 1000;

/** The least estimated Jaccard similarity to a story's first item for an item of another feed to join it. */
export const JOIN_SIMILARITY = 0.2;

/** How alike a feed's item must be to its own earlier one of the same title to be that item republished. */
export const REPUBLISHED_SIMILARITY = 0.8;

/** The fewest words of text beyond the title that an item needs to be compared at all. */
export const MIN_TEXT_WORDS = 5;

/** How far apart the publication dates of a feed's item and its republished copy may be. */
export const REPUBLISHED_WITHIN_MS = 6 * 60 * 60 * 1000;

/**
 * What the grouping reads of an item: its feed, when it arrived and when it says it was published (epoch
 * ms), its title and its lead text (plain).
 */
export type StoryInput = { feedId: number; at: number; published: number; title: string; text: string };

/** Why an item is never merged. */
export type AloneReason = 'empty-title' | 'date-title' | 'untitled' | 'no-title-words' | 'no-text' | 'repeated-title';

/** An item as the grouping compares it: its folded title and the MinHash signature of its words. */
export type Fingerprint = {
  feedId: number;
  at: number;
  published: number;
  titleKey: string;
  signature: number[];
  /** Set when nothing about the item can be compared: it stays alone whatever else arrives. */
  alone?: AloneReason;
};

/** A story as an item may join it: its id and its first item's fingerprint. */
export type StoryFirst = {
  storyId: number;
  first: Pick<Fingerprint, 'feedId' | 'at' | 'published' | 'titleKey' | 'signature'>;
};

export type StoryDecision =
  | { kind: 'alone'; reason: AloneReason }
  | { kind: 'new' }
  | { kind: 'join'; storyId: number; similarity: number; republished: boolean };

const MONTHS =
  'jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december';
const WEEKDAYS = 'mon|monday|tue|tuesday|wed|wednesday|thu|thursday|fri|friday|sat|saturday|sun|sunday';
/** A title made only of a date: numbers, month and weekday names, ordinals, "of", "the", "edition". */
const DATE_ONLY = new RegExp(`^((\\d+(st|nd|rd|th)?|${MONTHS}|${WEEKDAYS}|of|the|on|edition|am|pm)( |$))+$`);
const UNTITLED = /^(untitled|no title|untitled post|untitled item|title|none|null|undefined)( \d+)?$/;

/** The title's own reason to stay alone, if any. */
function titleProblem(titleKey: string, titleWords: string[]): AloneReason | undefined {
  if (titleKey === '') return 'empty-title';
  if (DATE_ONLY.test(titleKey)) return 'date-title';
  if (UNTITLED.test(titleKey)) return 'untitled';
  if (titleWords.length < 2) return 'no-title-words';
  return undefined;
}

/**
 * The features two reports of one story share: the title's words twice (once marked as title words, so
 * a shared headline weighs more) and the lead's first words.
 */
export function storyFeatures(title: string, text: string): string[] {
  const titleWords = contentWords(title);
  return [...titleWords, ...titleWords.map((word) => `t:${word}`), ...leadWords(text)];
}

/** The fingerprint of an item, with the reason it can never be merged where there is one. */
export function fingerprintItem(item: StoryInput): Fingerprint {
  const titleKey = foldText(item.title);
  const titleWords = contentWords(item.title);
  const titleSet = new Set(titleWords);
  // Text beyond the title: many feeds repeat the title as the summary's first line.
  const textWords = leadWords(item.text).filter((word) => !titleSet.has(word));
  const alone = titleProblem(titleKey, titleWords) ?? (textWords.length < MIN_TEXT_WORDS ? 'no-text' : undefined);
  return {
    feedId: item.feedId,
    at: item.at,
    published: item.published,
    titleKey,
    signature: alone ? [] : minHash(storyFeatures(item.title, item.text)),
    ...(alone ? { alone } : {}),
  };
}

const withinWindow = (a: { at: number }, b: { at: number }) => Math.abs(a.at - b.at) <= STORY_WINDOW_MS;

/**
 * The story of a new item, given the stories it might join (those whose first item shares an index key
 * with it, any feed) and its own feed's stories of the same title in the window. The closest story wins.
 */
export function decideStory(item: Fingerprint, candidates: readonly StoryFirst[]): StoryDecision {
  if (item.alone) return { kind: 'alone', reason: item.alone };
  const inWindow = candidates.filter((story) => withinWindow(item, story.first));
  // Its own feed, same title: the item republished (same text), or the feed's stock or daily title.
  const ownTitle = inWindow.filter(
    (story) => story.first.feedId === item.feedId && story.first.titleKey === item.titleKey,
  );
  if (ownTitle.length > 0) {
    // A daily title keeps its text too at times ("Today's puzzle: solve it here"): a copy is published
    // within hours of the original, the next day's puzzle a day later.
    const best = closest(
      item,
      ownTitle.filter((story) => Math.abs(story.first.published - item.published) <= REPUBLISHED_WITHIN_MS),
    );
    if (best && best.similarity >= REPUBLISHED_SIMILARITY)
      return { kind: 'join', storyId: best.story.storyId, similarity: best.similarity, republished: true };
    return { kind: 'alone', reason: 'repeated-title' };
  }
  const best = closest(
    item,
    inWindow.filter((story) => story.first.feedId !== item.feedId),
  );
  if (best && best.similarity >= JOIN_SIMILARITY)
    return { kind: 'join', storyId: best.story.storyId, similarity: best.similarity, republished: false };
  return { kind: 'new' };
}

function closest(item: Fingerprint, stories: readonly StoryFirst[]) {
  let best: { story: StoryFirst; similarity: number } | undefined;
  for (const story of stories) {
    const similarity = estimatedJaccard(item.signature, story.first.signature);
    if (!best || similarity > best.similarity || (similarity === best.similarity && story.storyId < best.story.storyId))
      best = { story, similarity };
  }
  return best;
}

/** LSH bands × rows of the signature that key a story in the index (bench/stories.mjs measured the choice). */
export const BANDS = 16;
export const ROWS = 1;

/**
 * The keys a story's first item is found by: its LSH bands, and its feed and title (so that the feed's
 * next item of the same title finds it, whatever its text).
 */
export function storyKeys(item: Fingerprint): string[] {
  if (item.alone) return [];
  return [...bandKeys(item.signature, BANDS, ROWS), `f${item.feedId}t${hashWord(item.titleKey).toString(36)}`];
}
