// "Look for more feeds": asks the page's own site whether it publishes a feed at a well-known path that
// the page does not link. Runs in the content script, so the requests are same-origin and the extension
// needs no host permission. A HEAD first drops missing paths and HTML pages cheaply; then a GET of the
// first 64 KB gives the title and settles generic types by root element or JSON Feed version.

import { cleanTitle, type DetectedFeed, fallbackTitle, wellKnownCandidates } from './detect';
import { mediaType, sniffFeedTitle, sniffFeedType } from './feed-sniff';

const SNIFF_BYTES = 64 * 1024;
const TIMEOUT_MS = 5_000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

async function readStart(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  while (bytes < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text;
}

async function probeCandidate(candidate: string, fetchFn: Fetch): Promise<DetectedFeed | null> {
  const init: RequestInit = { credentials: 'omit', redirect: 'follow', cache: 'no-store' };
  try {
    const head = await fetchFn(candidate, { ...init, method: 'HEAD', signal: AbortSignal.timeout(TIMEOUT_MS) });
    // 405 and 501: servers that refuse HEAD; the GET decides for them.
    if (!head.ok && head.status !== 405 && head.status !== 501) return null;
    if (head.ok && mediaType(head.headers.get('content-type')) === 'text/html') return null;
    // The GET reads the feed's title (and settles generic types such as text/xml or text/plain).
    const get = await fetchFn(candidate, { ...init, method: 'GET', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!get.ok) return null;
    const body = await readStart(get, SNIFF_BYTES);
    const type = sniffFeedType(get.headers.get('content-type'), body);
    if (!type) return null;
    // A redirect (WordPress's /feed → /feed/) is followed; the final address is the one to subscribe to.
    const url = get.url || candidate;
    return { url, title: cleanTitle(sniffFeedTitle(type, body), fallbackTitle(type)), type };
  } catch {
    return null;
  }
}

/** The well-known feeds of the page's site that are not in `known`, in candidate order. */
export async function probeWellKnownFeeds(
  pageUrl: string,
  known: ReadonlySet<string>,
  fetchFn: Fetch = (input, init) => fetch(input, init),
): Promise<DetectedFeed[]> {
  const candidates = wellKnownCandidates(pageUrl).filter((url) => !known.has(url));
  const results = await Promise.all(candidates.map((candidate) => probeCandidate(candidate, fetchFn)));
  const found: DetectedFeed[] = [];
  const seen = new Set(known);
  for (const feed of results) {
    if (!feed || seen.has(feed.url)) continue;
    seen.add(feed.url);
    found.push(feed);
  }
  return found;
}
