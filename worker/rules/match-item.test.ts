// The in-memory matcher a refresh uses (issue 26) reads the search syntax as the index does: the same
// words, phrases, exclusions, prefixes and fields, case and accents folded.
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../search/parse-query';
import { compileMatch, compileMuteWords, type MatchableItem, prepareItem } from './match-item';

const ITEM: MatchableItem = {
  title: 'Crème brûlée: Solar-powered kitchens',
  summary: 'A short note on energy.',
  content: 'Ovens running on the sun, from Ada Lovelace Street.',
  author: 'Grace Hopper',
  link: 'https://News.Example.com/kitchens?id=7',
};

const matches = (text: string, item = ITEM) => compileMatch(parseSearch(text))(prepareItem(item));

describe('compileMatch', () => {
  it('needs every word, anywhere in the item, in any case, accents folded', () => {
    expect(matches('creme SOLAR')).toBe(true);
    expect(matches('solar nuclear')).toBe(false);
    expect(matches('hopper')).toBe(true);
  });

  it('matches phrases as consecutive words, and prefixes as word starts', () => {
    expect(matches('"solar powered kitchens"')).toBe(true);
    expect(matches('"solar kitchens"')).toBe(false);
    expect(matches('ener*')).toBe(true);
    expect(matches('ada love*')).toBe(true);
    // As in the index, a star inside quotes is no prefix.
    expect(matches('"ada love*"')).toBe(false);
  });

  it('leaves out an item with an excluded term', () => {
    expect(matches('solar -sun')).toBe(false);
    expect(matches('solar -moon')).toBe(true);
  });

  it('looks only in the part a field names', () => {
    expect(matches('title:solar')).toBe(true);
    expect(matches('title:energy')).toBe(false);
    expect(matches('content:energy')).toBe(true);
    expect(matches('content:sun')).toBe(true);
    expect(matches('author:grace')).toBe(true);
    expect(matches('author:ada')).toBe(false);
    expect(matches('solar -author:grace')).toBe(false);
  });

  it('reads link: as text the address contains, in any case', () => {
    expect(matches('link:news.example.com')).toBe(true);
    expect(matches('link:example.org')).toBe(false);
    expect(matches('solar -link:example.com')).toBe(false);
    expect(matches('link:example.com', { ...ITEM, link: null })).toBe(false);
  });
});

describe('compileMuteWords', () => {
  it('matches any one of the words or phrases', () => {
    const test = compileMuteWords(['bitcoin', 'ada lovelace']);
    expect(test(prepareItem(ITEM))).toBe(true);
    expect(test(prepareItem({ ...ITEM, content: 'Ada and Lovelace' }))).toBe(false);
    expect(compileMuteWords([])(prepareItem(ITEM))).toBe(false);
  });
});
