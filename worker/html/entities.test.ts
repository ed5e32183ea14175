// Character references decoded as browsers do (HTML §13.2.5.72-80), in text and in attribute values,
// and by the tree builder in RCDATA (title, textarea).
import { describe, expect, it } from 'vitest';
import { decodeEntities } from './entities';
import { parseHtml, textContent } from './html-tree';

describe('decodeEntities', () => {
  it('decodes references as browsers do', () => {
    expect(decodeEntities('&lt;&#60;&#x3C;&eacute;&hellip;&#128;&#0;&#xD800;&amp')).toBe('<<<é…€\ufffd\ufffd&');
    expect(decodeEntities('?a=1&copy=2&amp;b', true)).toBe('?a=1&copy=2&b');
    expect(textContent(parseHtml('<title>A &amp; B</title><textarea><b>&lt;</b></textarea>'))).toBe('A & B<b><</b>');
  });
});
