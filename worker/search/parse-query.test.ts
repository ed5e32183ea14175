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
});
