import { describe, expect, it } from 'vitest';
import { AiError } from './client';
import { formatOutput, htmlToPlainText } from './format';

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

  it('holds a tweet to 280 characters and refuses an empty answer', () => {
    const tweet = formatOutput(`<p>${'word '.repeat(100)}</p>`, 'twitter_post');
    expect(textOf(tweet).length).toBeLessThanOrEqual(280);
    expect(() => formatOutput('<p> </p><script>only()</script>', 'text_summary')).toThrow(AiError);
    // Without HTML the answer is text: a script tag in it is shown, never run.
    expect(formatOutput('<script>x()</script>', 'text_summary')).toBe('<p>&lt;script&gt;x()&lt;/script&gt;</p>');
  });
});
