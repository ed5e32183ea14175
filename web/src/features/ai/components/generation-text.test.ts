// The sanitiser (lib/sanitize-html, DOMPurify) is checked in the browser suite: happy-dom's tree walker is not
// faithful enough for it. The plain-text copy only parses markup, which happy-dom does well.
import { describe, expect, it } from 'vitest';
import { generationText } from './generation-text';

describe('generationText', () => {
  it('separates paragraphs and headings with a blank line', () => {
    expect(generationText('<h2>Today</h2><p>First   point.</p>\n<p>Second <strong>point</strong>.</p>')).toBe(
      'Today\n\nFirst point.\n\nSecond point.',
    );
  });

  it('turns list items into bullets and keeps line breaks', () => {
    expect(generationText('<p>Picks:</p><ul><li>One</li><li>Two</li></ul><p>a<br>b</p>')).toBe(
      'Picks:\n\n• One\n• Two\n\na\nb',
    );
  });

  it('keeps a tweet exactly as written', () => {
    expect(generationText('<p>Big news: the thing shipped! #launch https://example.com/a</p>')).toBe(
      'Big news: the thing shipped! #launch https://example.com/a',
    );
  });
});
