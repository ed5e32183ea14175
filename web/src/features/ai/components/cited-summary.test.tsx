import type { Citation, CitedSource } from '@contracts/ai';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CitedSummary, SupportScore } from './cited-summary';

const sources: CitedSource[] = [
  { itemId: 41, title: 'Solar batteries get cheaper', link: 'https://news.example/solar', source: 'Tech News' },
  { itemId: 42, title: 'Wind farms', link: null, source: 'Energy Weekly' },
];
const citations: Citation[] = [
  { sentence: 'Solar batteries fell in price.', itemIds: [41], support: 'supported' },
  { sentence: 'Both need lithium.', itemIds: [41, 42], support: 'supported' },
  { sentence: 'Globex bought the company.', itemIds: [42], support: 'not', note: 'Its sources never mention Globex.' },
];
const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe('a cited summary', () => {
  it('ends each sentence with numbered links that open its items in the app', () => {
    const html = render(
      <CitedSummary generation={{ citations, sources, lead: '2 items from 2 sources.', supportScore: 2 / 3 }} />,
    );
    expect(html).toContain('2 items from 2 sources.');
    expect(html).toMatch(/Solar batteries fell in price\.<\/span><a [^>]*href="\/home\?item=41"[^>]*>\[1\]<\/a>/);
    expect(html).toMatch(
      /Both need lithium\.<\/span><a [^>]*href="\/home\?item=41"[^>]*>\[1\]<\/a><a [^>]*href="\/home\?item=42"[^>]*>\[2\]<\/a>/,
    );
  });

  it('greys a sentence that did not pass, with its note', () => {
    const html = render(<CitedSummary generation={{ citations, sources, lead: null, supportScore: 2 / 3 }} />);
    expect(html).toMatch(/<span data-support="not" class="[^"]*text-muted-foreground\/70[^"]*">/);
    expect(html).toContain('(Not supported by its sources: Its sources never mention Globex.)');
    expect(html).not.toMatch(/data-support="supported" class="[^"]*text-muted-foreground/);
  });

  it('says how many sentences its sources support', () => {
    expect(render(<SupportScore generation={{ citations, supportScore: 2 / 3 }} />)).toContain(
      'Checked: 2 of 3 sentences supported by their sources (67%)',
    );
    expect(render(<SupportScore generation={{ citations: [], supportScore: null }} />)).toBe('');
  });
});
