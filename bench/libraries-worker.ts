// The Worker that bench/libraries.mjs runs in workerd: each of our hand-written modules beside the
// library it was measured against (issue 13). Workers' clocks stand still while code runs (a Spectre
// mitigation), so this Worker only does the work, `rounds` times, and answers what it made; the Node
// side times the requests. The HTMLRewriter sanitiser here exists only to be measured: it applies our
// allow-list through Workers' streaming rewriter, as a switch to HTMLRewriter would.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { markdownToHtml as markedToHtml } from '../worker/ai/format';
import { extractArticle, MIN_ARTICLE_CHARS } from '../worker/feeds/extract';
import { parseFeed } from '../worker/feeds/parse/index';
import { htmlToText, safeUrl, sanitizeHtml } from '../worker/html/sanitize';
// Our Markdown converter as it was before marked replaced it (extracted from git by libraries.mjs).
import { markdownToHtml as oursToHtml } from './.work/before/worker/ai/format';

type Task = { task: string; impl: string; rounds: number; inputs: string[]; urls?: string[] };

const ALLOWED = new Set(
  (
    'p br hr a b strong i em u s sub sup small mark code pre kbd samp blockquote q cite ul ol li dl dt dd ' +
    'h1 h2 h3 h4 h5 h6 table thead tbody tfoot tr th td caption figure figcaption img picture source abbr ' +
    'time span div details summary audio video'
  ).split(' '),
);
const DROPPED = new Set(
  (
    'script style iframe frame frameset object embed applet param form input button textarea select ' +
    'option optgroup datalist link meta base svg math template noscript noembed noframes xmp plaintext ' +
    'head title canvas map area track dialog portal'
  ).split(' '),
);
const RENAMED: Record<string, string> = { article: 'div', section: 'div', header: 'div', footer: 'div', nav: 'div' };
const LINKS = new Set(['http:', 'https:', 'mailto:']);
const IMAGES = new Set(['http:', 'https:']);

/** Our allow-list through HTMLRewriter: attributes rebuilt, unknown elements unwrapped, comments gone. */
async function sanitizeWithRewriter(html: string, baseUrl: string) {
  const rewriter = new HTMLRewriter()
    .on('*', {
      element(element) {
        const name = element.tagName.toLowerCase();
        if (DROPPED.has(name)) return void element.remove();
        const renamed = RENAMED[name];
        if (renamed) element.tagName = renamed;
        if (!ALLOWED.has(renamed ?? name)) return void element.removeAndKeepContent();
        const attributes = [...element.attributes];
        for (const [key] of attributes) element.removeAttribute(key);
        const value = (key: string) => attributes.find(([k]) => k === key)?.[1];
        if (name === 'a') {
          const href = safeUrl(value('href'), baseUrl, LINKS);
          if (href === null) return void element.removeAndKeepContent();
          element.setAttribute('href', href);
          element.setAttribute('rel', 'noopener noreferrer');
          element.setAttribute('target', '_blank');
        } else if (name === 'img' || name === 'source' || name === 'audio' || name === 'video') {
          const src = safeUrl(value('src'), baseUrl, IMAGES);
          if (src === null && name === 'img') return void element.remove();
          if (src !== null) element.setAttribute('src', src);
          const alt = value('alt');
          if (name === 'img' && alt !== undefined) element.setAttribute('alt', alt);
        }
        const title = value('title');
        if (title !== undefined) element.setAttribute('title', title);
      },
    })
    .onDocument({
      comments(comment) {
        comment.remove();
      },
    });
  // lol-html refuses some markup outright ("a text content tag in an ambiguous context", e.g. <style>
  // after </p> inside <svg>): a sanitiser built on it has to drop such content.
  return rewriter
    .transform(new Response(html))
    .text()
    .catch(() => null);
}

/** @mozilla/readability over linkedom, its result sanitised and held to our minimum as ours is. */
function extractWithReadability(html: string, url: string) {
  if (html.trim() === '') return null; // linkedom throws on an empty document
  const { document } = parseHTML(html);
  const parsed = new Readability(document as unknown as Document).parse();
  if (!parsed?.content) return null;
  const content = sanitizeHtml(parsed.content, url).trim();
  const textLength = htmlToText(content).length;
  return textLength >= MIN_ARTICLE_CHARS ? { title: parsed.title ?? '', content, textLength } : null;
}

async function run({ task, impl, inputs, urls = [] }: Task): Promise<unknown[]> {
  switch (`${task}/${impl}`) {
    case 'markdown/ours':
      return inputs.map((input) => oursToHtml(input));
    case 'markdown/marked':
      return inputs.map((input) => markedToHtml(input));
    case 'extract/ours':
      return inputs.map((input, i) => extractArticle(input, urls[i] ?? ''));
    case 'extract/readability':
      return inputs.map((input, i) => extractWithReadability(input, urls[i] ?? ''));
    case 'sanitize/ours':
      return inputs.map((input, i) => sanitizeHtml(input, urls[i]));
    case 'sanitize/htmlrewriter':
      return Promise.all(inputs.map((input, i) => sanitizeWithRewriter(input, urls[i] ?? 'https://example.com/')));
    case 'feed-items/ours':
      // The content of every item of every fixture feed, as refresh hands it to the sanitiser.
      return inputs.flatMap((input, i) => {
        try {
          return parseFeed(input, urls[i]).items.map((item) => ({
            html: item.content ?? item.summary ?? '',
            url: item.link ?? urls[i],
          }));
        } catch {
          return [];
        }
      });
    case 'canonical/ours':
      // Whether our sanitiser would write the HTML differently: unbalanced tags, raw "<" or "&".
      return inputs.map((input) => sanitizeHtml(input, 'https://example.com/') !== input);
    default:
      throw new Error(`unknown task ${task}/${impl}`);
  }
}

export default {
  async fetch(request) {
    const task = (await request.json()) as Task;
    let result: unknown[] = [];
    for (let round = 0; round < task.rounds; round++) result = await run(task);
    return Response.json(result);
  },
} satisfies ExportedHandler;
