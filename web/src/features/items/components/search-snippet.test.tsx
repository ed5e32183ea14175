import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { searchAddress } from './search-box';
import { SearchSnippet } from './search-snippet';

describe('SearchSnippet', () => {
  it('shows the words found as <mark> and everything else as text, never as markup', () => {
    const html = renderToStaticMarkup(
      <SearchSnippet html="A &lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>Crème</mark> &quot;brûlée&quot;" />,
    );
    expect(html).toBe(
      'A &lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark class="rounded-sm bg-primary/15 px-0.5 text-foreground">Crème</mark> &quot;brûlée&quot;',
    );
  });

  it('renders stray tags in a snippet as text', () => {
    expect(renderToStaticMarkup(<SearchSnippet html={'<img src=x onerror=alert(1)>'} />)).toBe(
      '&lt;img src=x onerror=alert(1)&gt;',
    );
  });
});

describe('searchAddress', () => {
  it('searches the list on screen, and My Feed from any other page', () => {
    expect(searchAddress('/feed/12', 'solar panels')).toBe('/feed/12?q=solar+panels');
    expect(searchAddress('/category/3', '"a b"')).toBe('/category/3?q=%22a+b%22');
    expect(searchAddress('/starred', 'x')).toBe('/starred?q=x');
    expect(searchAddress('/preferences', 'x')).toBe('/home?q=x');
    expect(searchAddress('/feed/12', '')).toBe('/feed/12');
  });
});
