import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../html/text';
import { AiError } from './client';
import { formatOutput } from './format';

const textOf = (html: string) => htmlToPlainText(html);

describe('model output', () => {
  it('loses scripts, handlers, images and javascript links; Markdown becomes HTML', () => {
    const html = formatOutput(
      '<p onclick="x()">Hi</p><script>alert(1)</script><img src="https://t.example/p.gif"><a href="javascript:alert(1)">x</a>',
      'text_summary',
    );
    expect(html).toBe('<p>Hi</p>x');
    expect(formatOutput('```html\n<p>Fenced</p>\n```', 'text_summary')).toBe('<p>Fenced</p>');
    expect(formatOutput('## Title\n\n- **one**\n- two <b>\n\nText', 'text_summary')).toBe(
      '<h3>Title</h3><ul><li><strong>one</strong></li><li>two &lt;b&gt;</li></ul><p>Text</p>',
    );
  });

  it('shows a Markdown image as its description, never as a stray “!” before a link', () => {
    const html = formatOutput(
      'Prices fell.\n\n![Chart of battery prices](https://img.example/chart.png)\n\nSee [the report](https://example.com/r).',
      'text_summary',
    );
    expect(textOf(html)).toBe('Prices fell.\n\nChart of battery prices\n\nSee the report.');
    expect(html).not.toContain('!');
    expect(html).not.toContain('chart.png');
    expect(html).toContain('href="https://example.com/r"');
    // An image inside a link keeps the link, named by the image's description.
    const badge = formatOutput('[![Build passing](https://ci.example/b.svg)](https://ci.example/run)', 'text_summary');
    expect(badge).toBe(
      '<p><a href="https://ci.example/run" rel="noopener noreferrer" target="_blank">Build passing</a></p>',
    );
  });

  it('renders the Markdown models write without being asked', () => {
    const html = formatOutput(
      [
        '# Battery news',
        '',
        'Costs fell by _a third_, says `BNEF`.',
        '',
        '> Storage is now cheaper than gas peakers.',
        '',
        '1. Solar',
        '   - rooftop',
        '   - utility',
        '2. Wind',
        '',
        '```',
        'a < b',
        '```',
        '',
        '---',
        '',
        '| Year | Price |',
        '| --- | --- |',
        '| 2026 | $110 |',
      ].join('\n'),
      'text_summary',
    );
    expect(html).toContain('<h2>Battery news</h2>');
    expect(html).toContain('<em>a third</em>');
    expect(html).toContain('<code>BNEF</code>');
    expect(html).toContain('<blockquote>');
    expect(html).toMatch(/<ol><li>Solar\s*<ul><li>rooftop<\/li><li>utility<\/li><\/ul><\/li><li>Wind<\/li><\/ol>/);
    expect(html).toContain('<pre><code>a &lt; b\n</code></pre>');
    expect(html).toContain('<hr>');
    expect(html).toMatch(/<td>2026<\/td>\s*<td>\$110<\/td>/);
    expect(textOf(html)).not.toMatch(/[#>|`_]/);
  });

  it('holds a tweet to 280 characters and refuses an empty answer', () => {
    const tweet = formatOutput(`<p>${'word '.repeat(100)}</p>`, 'twitter_post');
    expect(textOf(tweet).length).toBeLessThanOrEqual(280);
    expect(() => formatOutput('<p> </p><script>only()</script>', 'text_summary')).toThrow(AiError);
    // Without HTML the answer is text: a script tag in it is shown, never run.
    expect(formatOutput('<script>x()</script>', 'text_summary')).toBe('<p>&lt;script&gt;x()&lt;/script&gt;</p>');
  });
});
