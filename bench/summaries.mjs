// Summaries benchmark (issue 25): the offline model summarises each of the 139 real feeds in
// worker/feeds/testdata/fixtures (the shared fixture set, FIXTURES_DIR to point elsewhere) as a feed summary would: the newest 10
// items are the window, the older ones the feed's history. The Worker's own modules do the work
// (parser, sanitiser, article text, offline model, support check), bundled by bundle-worker.mjs.
// What is measured, over every sentence written:
// - boilerplateRate: sentences that are feed boilerplate, by a list of phrases kept here, apart from the
//   model's own (worker/ai/boilerplate.ts), so the model cannot grade itself;
// - runOnRate: sentences that run two together: they span two blocks of the item's HTML (split here
//   on block tags, independently of the model's reading), or glue "said.The" / "said The director";
// - citationCoverage: sentences with at least one citation naming an item of the window;
// - citationValidity: cited ids that name an item of the window, of all cited ids;
// - supportRate: sentences the offline support check finds supported;
// - rouge2 / lead3Rouge2: against human references, on 250 Multi-News clusters (summaries-rouge.mjs).
// `node bench/summaries.mjs` prints the figures; benchSummaries() returns them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importWorkerModules } from './bundle-worker.mjs';
import { benchMultiNews } from './summaries-rouge.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = process.env.FIXTURES_DIR ?? path.join(root, 'worker/feeds/testdata/fixtures');
const WINDOW = 10;

/** Phrases no summary sentence should carry: what feeds add around their articles. */
const BOILERPLATE = [
  /continue reading/i,
  /appeared first on/i,
  /^related\s*:/i,
  /^read more\b/i,
  /\bread more\s*(»|›|→|…|\.\.\.)?\s*$/i,
  /\bshare (this|on)\b/i,
  /\bsubscribe (to|now)\b/i,
  /\bsign up for\b/i,
  /\bclick here\b/i,
  /\bfollow us\b/i,
  /all rights reserved/i,
  /\butm_[a-z]+=/i,
  /\[(…|\.\.\.)\]/,
  /\boriginally published\b/i,
];

const GLUED = /\p{Ll}{2}[.!?]\p{Lu}\p{Ll}/u;
const SAID_THE = /\b(said|says|reported|added|told|wrote)\s(The|This|That|These|It|He|She|They|We|In|On|But)\s\p{Ll}/u;

const normalise = (text) => text.replace(/\s+/g, ' ').trim();

/** The item's text blocks, split on block tags by a regex: an independent view of where paragraphs end. */
function blocksOf(html, decode) {
  return html
    .split(
      /<\/?(?:p|div|br|li|h[1-6]|blockquote|tr|td|th|ul|ol|figure|figcaption|section|article|header|footer|pre|hr)\b[^>]*>/i,
    )
    .map((block) => normalise(decode(block.replace(/<[^>]*>/g, ''))))
    .filter(Boolean);
}

function loadFeeds(modules) {
  if (!existsSync(FIXTURES)) throw new Error(`No fixtures at ${FIXTURES}`);
  const feeds = [];
  for (const file of readdirSync(FIXTURES).sort()) {
    if (file === 'LICENSES' || file.endsWith('.tsv')) continue;
    let parsed;
    try {
      parsed = modules.parseFeed(new Uint8Array(readFileSync(path.join(FIXTURES, file))));
    } catch {
      feeds.push({ file, items: [] });
      continue;
    }
    const items = parsed.items.map((item, index) => {
      const raw = item.content ?? item.summary ?? '';
      const html = raw ? modules.sanitizeHtml(raw, item.link ?? undefined) : '';
      const time = Date.parse(item.published ?? item.updated ?? '') || 0;
      return {
        id: index + 1,
        title: item.title || '(untitled)',
        html,
        text: modules.articleTextOf(html),
        link: item.link,
        source: parsed.title || file,
        pubDate: time,
      };
    });
    items.sort((a, b) => b.pubDate - a.pubDate || a.id - b.id);
    feeds.push({ file, items });
  }
  return feeds;
}

export async function benchSummaries() {
  const modules = await importWorkerModules('summaries', {
    'feeds/parse/index': ['parseFeed'],
    'html/sanitize': ['sanitizeHtml'],
    'html/text': ['htmlToText'],
    'ai/source-text': ['articleTextOf'],
    'ai/offline': ['composeOffline'],
    'ai/extractive': ['historyOf'],
    'ai/citations': ['keepVisibleCitations'],
    'ai/support-check': ['checkCitationsOffline'],
    'ai/segment': ['splitSentences'],
  });
  const decode = (text) => modules.htmlToText(`<p>${text.replace(/</g, '&lt;')}</p>`);
  const started = performance.now();
  const totals = { feeds: 0, feedsWithSentences: 0, items: 0, leftOut: 0, sentences: 0, boilerplate: 0, runOn: 0 };
  const cited = { covered: 0, ids: 0, validIds: 0, supported: 0, partly: 0 };
  const examples = { boilerplate: [], runOn: [], unsupported: [] };
  for (const feed of loadFeeds(modules)) {
    totals.feeds++;
    const window = feed.items.slice(0, WINDOW);
    const withText = window.filter((item) => item.text.trim() !== '');
    totals.leftOut += window.length - withText.length;
    if (withText.length === 0) continue;
    totals.items += withText.length;
    const history = modules.historyOf(feed.items.slice(WINDOW).map((item) => item.title));
    const answer = modules.composeOffline({
      contentType: 'text_summary',
      language: 'English (US)',
      writingStyle: 'professional',
      contentLength: 'medium',
      scope: { kind: 'feed', name: withText[0].source },
      items: withText,
      leftOut: window.length - withText.length,
      history: feed.items.length > WINDOW ? history : undefined,
    });
    const visible = new Set(withText.map((item) => item.id));
    const kept = modules.keepVisibleCitations(answer.citations, visible);
    const checked = modules.checkCitationsOffline(kept, withText);
    if (checked.length > 0) totals.feedsWithSentences++;
    const byId = new Map(withText.map((item) => [item.id, item]));
    answer.citations.forEach((citation, index) => {
      const verdict = checked[index];
      totals.sentences++;
      const sentence = normalise(citation.sentence);
      if (BOILERPLATE.some((pattern) => pattern.test(sentence))) {
        totals.boilerplate++;
        if (examples.boilerplate.length < 5) examples.boilerplate.push(`${feed.file}: ${sentence}`);
      }
      const blocks = citation.itemIds.flatMap((id) => (byId.get(id) ? blocksOf(byId.get(id).html, decode) : []));
      const inOneBlock = blocks.some((block) => block.includes(sentence));
      if (!inOneBlock || GLUED.test(sentence) || SAID_THE.test(sentence)) {
        totals.runOn++;
        if (examples.runOn.length < 5) examples.runOn.push(`${feed.file}: ${sentence.slice(0, 200)}`);
      }
      cited.ids += citation.itemIds.length;
      const valid = citation.itemIds.filter((id) => visible.has(id)).length;
      cited.validIds += valid;
      if (valid > 0) cited.covered++;
      if (verdict?.support === 'supported') cited.supported++;
      else if (examples.unsupported.length < 5)
        examples.unsupported.push(`${feed.file}: ${verdict?.support} ${verdict?.note ?? ''} ${sentence.slice(0, 160)}`);
    });
  }
  const multiNews = benchMultiNews(modules);
  const share = (part, whole) => (whole === 0 ? null : Math.round((part / whole) * 10000) / 10000);
  return {
    feeds: totals.feeds,
    feedsWithSentences: totals.feedsWithSentences,
    items: totals.items,
    itemsLeftOut: totals.leftOut,
    sentences: totals.sentences,
    boilerplateRate: share(totals.boilerplate, totals.sentences),
    runOnRate: share(totals.runOn, totals.sentences),
    citationCoverage: share(cited.covered, totals.sentences),
    citationValidity: share(cited.validIds, cited.ids),
    supportRate: share(cited.supported, totals.sentences),
    rouge2: multiNews.rouge2 ?? null,
    lead3Rouge2: multiNews.lead3Rouge2 ?? null,
    multiNews,
    seconds: Math.round(performance.now() - started) / 1000,
    examples,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchSummaries(), null, 2));
}
