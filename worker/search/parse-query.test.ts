// The search syntax of issue 14 as FTS5 sees it: only quoted words reach the index.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors';
import { parseSearch } from './parse-query';

const matchOf = (text: string) => parseSearch(text).match;

function refusal(text: string) {
  try {
    parseSearch(text);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
  }
  return null;
}

describe('parseSearch', () => {
  it('needs every word, in any case', () => {
    expect(matchOf('Solar  panels')).toBe('"Solar" AND "panels"');
  });

  it('keeps a quoted phrase together, even when its closing quote is missing', () => {
    expect(matchOf('"climate change" policy')).toBe('"climate change" AND "policy"');
    expect(matchOf('policy "climate change')).toBe('"policy" AND "climate change"');
  });

  it('leaves out excluded words and turns word* into a prefix', () => {
    expect(matchOf('energ* -nuclear -"coal power"')).toBe('("energ" *) NOT ("nuclear" OR "coal power")');
  });

  it('reads a word with inner punctuation as the phrase the index stores', () => {
    expect(matchOf('e-mail')).toBe('"e mail"');
  });

  it('turns FTS5 and SQL syntax into plain words', () => {
    // `title:` with nothing right after it is the word, not a field.
    expect(matchOf('title: NEAR(a, b) OR')).toBe('"title" AND "NEAR a" AND "b" AND "OR"');
    expect(matchOf("'; drop table items; --")).toBe('"drop" AND "table" AND "items"');
    expect(matchOf('{title}:x^y')).toBe('"title x y"');
  });

  it('finds words in any script: right-to-left text and accents are words too', () => {
    expect(matchOf('שלום עולם')).toBe('"שלום" AND "עולם"');
    expect(matchOf('مرحبا 🌍')).toBe('"مرحبا"');
    expect(matchOf('crème')).toBe('"crème"');
  });

  it('refuses text with nothing to find, saying why', () => {
    expect(refusal('- * "')).toEqual({ status: 400, message: 'Search needs at least one word of letters or digits' });
    expect(refusal('🌍🔥')).toEqual({ status: 400, message: 'Search needs at least one word of letters or digits' });
    expect(refusal('-nuclear -coal')).toEqual({
      status: 400,
      message: 'Search needs a word to find, not only words to leave out',
    });
  });

  it('refuses a search that would cost more than any search may, naming the rule (issue 29)', () => {
    // 75 one-letter prefixes took 8.1 s over 100,000 index rows.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    expect(refusal([...letters].map((c) => `${c}*`).join(' '))).toEqual({
      status: 400,
      message: 'Search takes at most 8 words',
    });
    expect(refusal('one two three four five six seven "eight nine"')).toEqual({
      status: 400,
      message: 'Search takes at most 8 words',
    });
    expect(refusal('sol* pan* ene*')).toEqual({ status: 400, message: 'Search takes at most 2 prefixes (word*)' });
    expect(refusal('solar p*')).toEqual({
      status: 400,
      message: 'A prefix needs at least 3 letters or digits before the *',
    });
    expect(refusal('-ab* solar')).toEqual({
      status: 400,
      message: 'A prefix needs at least 3 letters or digits before the *',
    });
  });

  it('calls a search sparse when its matches can be far fewer than its words’ rows: a phrase, words left out', () => {
    // Sparse searches read their pages in bounded windows (db/items ItemQuery.boundedScan, issue 29).
    expect(parseSearch('solar panels').sparse).toBe(false);
    expect(parseSearch('"solar" energ*').sparse).toBe(false);
    expect(parseSearch('"solar panels"').sparse).toBe(true);
    expect(parseSearch('solar -nuclear').sparse).toBe(true);
    expect(parseSearch('title:"solar panels"').sparse).toBe(true);
    // A link: term is a test on the item's address, not on the index's rows.
    expect(parseSearch('solar -link:example.com').sparse).toBe(false);
  });

  it('accepts the most a search may ask: 8 words, 2 prefixes of 3 letters', () => {
    expect(matchOf('one two three four five six sol* -pan*')).toBe(
      '("one" AND "two" AND "three" AND "four" AND "five" AND "six" AND "sol" *) NOT ("pan" *)',
    );
    expect(matchOf('日本語* crè*')).toBe('"日本語" * AND "crè" *');
  });

  it('narrows a term to a part of the item with title:, author: and content: (issue 26)', () => {
    expect(matchOf('title:solar author:"Ada Lovelace"')).toBe('title : "solar" AND author : "Ada Lovelace"');
    expect(matchOf('content:energ* -title:nuclear')).toBe('({summary content} : "energ" *) NOT (title : "nuclear")');
    expect(matchOf('Title:Solar')).toBe('title : "Solar"');
    // Anything else before a colon stays words: no other column of the index can be named.
    expect(matchOf('feed:f12 rowid:3')).toBe('"feed f12" AND "rowid 3"');
  });

  it('gives the wanted terms for ranking, each with its words alone to learn how common they are (issue 29)', () => {
    expect(parseSearch('title:"solar panel" ener* -coal link:example').rankTerms).toEqual([
      { phrase: 'title : "solar panel"', words: ['"solar"', '"panel"'] },
      { phrase: '"ener" *', words: ['"ener" *'] },
    ]);
  });

  it('keeps link: apart from the index, as text the address must or must not contain', () => {
    expect(parseSearch('link:Example.com/News solar')).toMatchObject({
      match: '"solar"',
      link: { has: ['example.com/news'], lacks: [] },
    });
    const onlyLink = parseSearch('link:youtube.com -link:shorts');
    expect(onlyLink.match).toBeUndefined();
    expect(onlyLink.link).toEqual({ has: ['youtube.com'], lacks: ['shorts'] });
    expect(parseSearch('solar').link).toBeUndefined();
  });

  it('refuses field terms that leave nothing to find, and counts them in the limits', () => {
    expect(refusal('-title:solar')).toEqual({
      status: 400,
      message: 'Search needs a word to find, not only words to leave out',
    });
    expect(refusal('link:example.com -solar')).toEqual({
      status: 400,
      message: 'Search needs a word to find besides link: to leave words out',
    });
    expect(refusal('title:one two three four five six seven author:"eight nine"')).toEqual({
      status: 400,
      message: 'Search takes at most 8 words',
    });
    expect(refusal('title:sol* content:pan* ene*')).toEqual({
      status: 400,
      message: 'Search takes at most 2 prefixes (word*)',
    });
  });
});
