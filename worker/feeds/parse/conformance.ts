// Runs the conformance set derived from feedparser's tests (testdata/conformance/cases.ts) against any
// parser whose output is shaped like ParsedFeed, so ours and the npm parsers (bench/parse-adapters.mjs) are
// scored on the same cases. Feed cases compare one or more paths; date cases wrap each date string in an
// RSS <pubDate> and compare items[0].published as an instant, to the second.

import { DATE_CASES, FEED_CASES } from '../testdata/conformance/cases';

export type Expectation = {
  path: string;
  /** eq: same text; html: same markup after normalising; date: same instant; has: array holds; len: array size; error: parse throws. */
  kind: 'eq' | 'html' | 'date' | 'has' | 'len' | 'num' | 'includes' | 'error';
  value: string | null;
};
export type ConformanceCase = { name: string; source: string; xml: string; expect: Expectation[] };
export type DateCase = { source: string; input: string; expected: string | null };
export type ConformanceFailure = { name: string; source: string; detail: string };
export type ConformanceResult = {
  passed: number;
  total: number;
  datesPassed: number;
  datesTotal: number;
  failures: ConformanceFailure[];
};

/** Any parser: given the document text, answers something shaped like ParsedFeed (or a promise of it). */
export type FeedLikeParser = (xml: string) => unknown;

export async function runConformance(parse: FeedLikeParser): Promise<ConformanceResult> {
  const failures: ConformanceFailure[] = [];
  let passed = 0;
  for (const c of FEED_CASES) {
    const detail = await checkCase(parse, c);
    if (detail === null) passed++;
    else failures.push({ name: c.name, source: c.source, detail });
  }
  let datesPassed = 0;
  for (const d of DATE_CASES) {
    const xml = `<rss version="2.0"><channel><title>Dates</title><item><title>Item</title><pubDate>${escapeXml(d.input)}</pubDate></item></channel></rss>`;
    const c: ConformanceCase = {
      name: `date: ${d.input}`,
      source: d.source,
      xml,
      expect: [{ path: 'items[0].published', kind: 'date', value: d.expected }],
    };
    const detail = await checkCase(parse, c);
    if (detail === null) datesPassed++;
    else failures.push({ name: c.name, source: d.source, detail });
  }
  return { passed, total: FEED_CASES.length, datesPassed, datesTotal: DATE_CASES.length, failures };
}

async function checkCase(parse: FeedLikeParser, c: ConformanceCase): Promise<string | null> {
  let result: unknown;
  try {
    result = await parse(c.xml);
  } catch (error) {
    if (c.expect.every((e) => e.kind === 'error')) return null;
    return `threw ${error instanceof Error ? error.message : String(error)}`;
  }
  for (const e of c.expect) {
    if (e.kind === 'error') return 'expected an error, parsed instead';
    const actual = readPath(result, e.path);
    if (!matches(e, actual))
      return `${e.path}: expected ${JSON.stringify(e.value)} (${e.kind}), got ${JSON.stringify(actual)?.slice(0, 300)}`;
  }
  return null;
}

function matches(e: Expectation, actual: unknown): boolean {
  switch (e.kind) {
    case 'eq':
      if (e.value === null) return actual == null || actual === '';
      return typeof actual === 'string' && actual.trim() === e.value.trim();
    case 'html':
      if (e.value === null) return actual == null || actual === '';
      return typeof actual === 'string' && normaliseHtml(actual) === normaliseHtml(e.value);
    case 'date':
      return sameInstant(actual, e.value);
    case 'has':
      return Array.isArray(actual) && actual.some((a) => (typeof a === 'string' ? a.trim() : a) === e.value);
    case 'num':
      return typeof actual === 'number'
        ? String(actual) === e.value
        : typeof actual === 'string' && actual.trim() === e.value;
    case 'includes':
      return typeof actual === 'string' && e.value !== null && actual.includes(e.value);
    case 'len':
      return (Array.isArray(actual) ? actual.length : 0) === Number(e.value);
    default:
      return false;
  }
}

function sameInstant(actual: unknown, expected: string | null): boolean {
  const time =
    actual instanceof Date
      ? actual.getTime()
      : typeof actual === 'string' && actual !== ''
        ? Date.parse(actual)
        : Number.NaN;
  if (expected === null) return Number.isNaN(time);
  if (Number.isNaN(time)) return false;
  // Dates before year 100 go through setUTCFullYear: Date.parse("0099-…") works, Date.UTC would not.
  return Math.floor(time / 1000) === Math.floor(Date.parse(expected) / 1000);
}

/** Compares markup, not its spelling: whitespace, quote style, self-closing slashes and entity forms. */
function normaliseHtml(html: string): string {
  return html
    .replace(/\s*\/>/g, '>')
    .replace(/='([^']*)'/g, '="$1"')
    .replace(
      /&(lt|gt|amp|quot|#39|#x27|apos);/g,
      (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"' })[name] ?? "'",
    )
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads "items[0].enclosures[1].url" out of a value, or undefined. */
export function readPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== '')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
