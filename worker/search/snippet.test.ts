// Snippets: escaped text around the first match, the words found in <mark>.
import { describe, expect, it } from 'vitest';
import { splitTerms } from './parse-query';
import { buildSnippet } from './snippet';

const snippet = (texts: (string | null)[], search: string) => buildSnippet(texts, splitTerms(search));

describe('buildSnippet', () => {
  it('marks every word found, whatever its case or accents, and escapes the rest', () => {
    expect(snippet(['Crème brûlée & <b>CREME</b> anglaise'], 'creme')).toBe(
      '<mark>Crème</mark> brûlée &amp; &lt;b&gt;<mark>CREME</mark>&lt;/b&gt; anglaise',
    );
  });

  it('marks words that start with a prefix, never excluded words', () => {
    expect(snippet(['Solar energy and energetic nuclear plans'], 'energ* -nuclear')).toBe(
      'Solar <mark>energy</mark> and <mark>energetic</mark> nuclear plans',
    );
  });

  it('starts a little before a match deep in the text, on a word boundary', () => {
    const text = `${'word '.repeat(100)}needle ${'tail '.repeat(100)}`;
    const result = snippet([text], 'needle');
    expect(result.startsWith('…word ')).toBe(true);
    expect(result).toContain('<mark>needle</mark>');
    expect(result.endsWith('…')).toBe(true);
    expect(result.length).toBeLessThan(260);
  });

  it('takes the text that matches, else the first one (the match was in the title)', () => {
    expect(snippet(['A summary', 'Content with the needle'], 'needle')).toBe('Content with the <mark>needle</mark>');
    expect(snippet([null, 'Content only'], 'title')).toBe('Content only');
    expect(snippet([null, null], 'title')).toBe('');
  });
});
