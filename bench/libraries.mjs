// `node bench/libraries.mjs`: our hand-written Markdown converter, sanitiser and article extractor
// beside the well-kept library each was weighed against (issue 13), inside workerd (Miniflare), the
// runtime they ship to. Prints speed (the median of 7 timed requests taking turns, each running every
// input `rounds` times, less an empty request's time), the size each library adds (esbuild, minified,
// gzip) and what each gets right on the same inputs. It measures; it never asserts.
// Our Markdown converter was replaced by marked: it is read from the last commit that had it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = path.join(root, 'bench/.work');
const OURS_MARKDOWN_COMMIT = 'c0fd9eaa22206770ee1f69eb8934085c9a6ff65a';

/** Model-style Markdown, each sample with what a reader must see in the HTML. */
const MARKDOWN = [
  ['heading', '## Key points\n\nText.', /<h3>Key points<\/h3>/],
  [
    'bold and links',
    'A **big** step, says [the agency](https://iea.example/r).',
    /<strong>big<\/strong>.*<a href="https:\/\/iea\.example\/r"/,
  ],
  ['bullets', '- one\n- two', /<ul><li>one<\/li><li>two<\/li><\/ul>/],
  ['image', '![Chart of prices](https://img.example/c.png)', /^<p>Chart of prices<\/p>$/],
  ['underscore emphasis', 'It fell by _a third_.', /<em>a third<\/em>/],
  ['inline code', 'Run `npm test` first.', /<code>npm test<\/code>/],
  ['blockquote', '> Storage is cheaper now.', /<blockquote>/],
  [
    'nested list',
    '1. Solar\n   - rooftop\n2. Wind',
    /<ol><li>Solar\s*<ul><li>rooftop<\/li><\/ul><\/li><li>Wind<\/li><\/ol>/,
  ],
  ['fenced code', '```\na < b\n```', /<pre><code>a &lt; b/],
  ['table', '| Year | Price |\n| --- | --- |\n| 2026 | $110 |', /<td>2026<\/td>/],
  ['rule', 'Above\n\n---\n\nBelow', /<hr>/],
  ['raw tag shown as text', 'Use the <b> tag.', /&lt;b&gt;/],
];

/** The saved pages of worker/feeds/testdata/pages with what worker/feeds/extract.test.ts expects. */
const PAGES = [
  {
    file: 'news-article.html',
    url: 'https://news.example.com/2025/01/river-restoration',
    title: 'River restoration brings salmon back to the valley after forty years',
    has: ['For the first time in four decades', '<img src="https://news.example.com/images/'],
    hasNot: ['Sign in', 'Most read', 'Share on', 'Comments'],
  },
  {
    file: 'blog-post.html',
    url: 'https://ada.example.org/notes/why-i-still-use-rss.html',
    title: 'Why I still use RSS',
    has: ['Every morning I open my reader'],
    hasNot: ['Archive', 'Subscribe'],
  },
  {
    file: 'lazy-images.html',
    url: 'https://magazine.example.net/features/night-trains',
    title: 'The return of the night train',
    has: ['Ten years ago', 'https://magazine.example.net/'],
    hasNot: ['Sign up', 'data:image'],
  },
  { file: 'no-article.html', url: 'https://shop.example.com/', none: true },
  { file: '(empty page)', url: 'https://example.com/', html: '', none: true },
];

async function bundleWorker() {
  rmSync(path.join(work, 'before'), { recursive: true, force: true });
  mkdirSync(path.join(work, 'before'), { recursive: true });
  const archive = path.join(work, 'before.tar');
  execFileSync('git', ['-C', root, 'archive', '-o', archive, OURS_MARKDOWN_COMMIT, 'worker']);
  execFileSync('tar', ['-x', '-f', archive, '-C', path.join(work, 'before')]);
  const outfile = path.join(work, 'libraries-worker.mjs');
  await build({
    entryPoints: [path.join(root, 'bench/libraries-worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'browser'],
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** What a library adds to a bundle: its entry alone, minified, raw and gzip. */
async function addedSize(contents) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'browser'],
    write: false,
    logLevel: 'error',
  });
  const bytes = result.outputFiles[0].contents;
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function send(mf, task, rounds) {
  const started = performance.now();
  const response = await mf.dispatchFetch('http://bench/', {
    method: 'POST',
    body: JSON.stringify({ ...task, rounds }),
  });
  const result = await response.json();
  if (!response.ok) throw new Error(JSON.stringify(result));
  return { ms: performance.now() - started, result };
}

/**
 * Each task's answer and its time per round: the tasks take turns (7 timed requests each), so a busy
 * moment of a shared machine falls on both sides alike; the median counts, less an empty request.
 */
async function compare(mf, tasks, rounds) {
  const answers = [];
  for (const task of tasks) answers.push((await send(mf, task, 1)).result); // warm-up, and the answer judged
  const times = tasks.map(() => []);
  const empty = [];
  for (let turn = 0; turn < 7; turn++) {
    empty.push((await send(mf, tasks[0], 0)).ms);
    for (const [i, task] of tasks.entries()) times[i].push((await send(mf, task, rounds)).ms);
  }
  return tasks.map((_, i) => ({
    msPerRound: Math.max(0, median(times[i]) - median(empty)) / rounds,
    result: answers[i],
  }));
}

/** Open and close tags that do not pair up: HTML that can reach past its own box on the page. */
function unbalanced(html) {
  const stack = [];
  for (const [, close, name] of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi)) {
    const tag = name.toLowerCase();
    if (['img', 'br', 'hr', 'source', 'wbr'].includes(tag)) continue;
    if (!close) stack.push(tag);
    else if (stack.at(-1) === tag) stack.pop();
    else return true;
  }
  return stack.length > 0;
}

/** What must never survive a sanitiser: script-capable elements, handlers, script URLs. */
const DANGER =
  /<script|<iframe|<svg|<math|<style|<img[^>]*$|\son[a-z]+\s*=|(?:href|src)\s*=\s*["']?\s*(?:javascript|data|vbscript):/i;

/** The one-line vectors of worker/html/sanitize.test.ts ('input', 'expected' pairs). */
function xssVectors() {
  const source = readFileSync(path.join(root, 'worker/html/sanitize.test.ts'), 'utf8');
  const start = source.indexOf("describe('sanitizeHtml removes what can run code'");
  const block = source.slice(start, source.indexOf("describe('sanitizeHtml keeps content'"));
  return [...block.matchAll(/^\s*\['((?:[^'\\]|\\.)*)',/gm)].map(([, input]) =>
    input.replace(/\\n/g, '\n').replace(/\\t/g, '\t'),
  );
}

const scriptPath = await bundleWorker();
const mf = new Miniflare({
  modules: true,
  scriptPath,
  compatibilityDate: '2026-04-26',
  compatibilityFlags: ['nodejs_compat'],
});
const rows = [];
try {
  // Markdown.
  const markdownInputs = MARKDOWN.map(([, text]) => text);
  const markdownImpls = ['ours', 'marked'];
  const markdownRuns = await compare(
    mf,
    markdownImpls.map((impl) => ({ task: 'markdown', impl, inputs: markdownInputs })),
    2000,
  );
  for (const [n, impl] of markdownImpls.entries()) {
    const { msPerRound, result } = markdownRuns[n];
    const right = MARKDOWN.filter(([, , expected], i) => expected.test(result[i])).map(([name]) => name);
    rows.push([
      'markdown',
      impl,
      `${((msPerRound / markdownInputs.length) * 1000).toFixed(1)} µs/sample`,
      `${right.length}/${MARKDOWN.length} constructs`,
      MARKDOWN.filter(([name]) => !right.includes(name))
        .map(([name]) => name)
        .join(', '),
    ]);
  }
  // Extraction.
  const pages = PAGES.map((page) => ({
    ...page,
    html: page.html ?? readFileSync(path.join(root, 'worker/feeds/testdata/pages', page.file), 'utf8'),
  }));
  const extractImpls = ['ours', 'readability'];
  const extractRuns = await compare(
    mf,
    extractImpls.map((impl) => ({
      task: 'extract',
      impl,
      inputs: pages.map((p) => p.html),
      urls: pages.map((p) => p.url),
    })),
    50,
  );
  for (const [n, impl] of extractImpls.entries()) {
    const { msPerRound, result } = extractRuns[n];
    const misses = [];
    let checks = 0;
    for (const [i, page] of pages.entries()) {
      const got = result[i];
      const miss = (what) => misses.push(`${page.file}: ${what}`);
      checks += page.none ? 1 : 1 + page.has.length + page.hasNot.length;
      if (page.none) {
        if (got !== null) miss('an article where there is none');
      } else if (!got) miss('no article');
      else {
        if (got.title !== page.title) miss(`title "${got.title}"`);
        for (const text of page.has) if (!got.content.includes(text)) miss(`lost "${text}"`);
        for (const text of page.hasNot) if (got.content.includes(text)) miss(`kept "${text}"`);
      }
    }
    rows.push([
      'extract',
      impl,
      `${(msPerRound / pages.length).toFixed(2)} ms/page`,
      `${checks - misses.length}/${checks} checks`,
      misses.join('; '),
    ]);
  }
  // Sanitiser, on the content of every item of every fixture feed, and on the XSS vectors.
  const dir = path.join(root, 'worker/feeds/testdata/fixtures');
  const files = readdirSync(dir).filter((name) => /\.(xml|rss|atom|json|rdf)$/.test(name));
  const feeds = files.map((name) => readFileSync(path.join(dir, name), 'latin1'));
  const { result: items } = await send(
    mf,
    { task: 'feed-items', impl: 'ours', inputs: feeds, urls: files.map((f) => `https://feeds.example/${f}`) },
    1,
  );
  const contents = items.filter((item) => item.html !== '');
  const vectors = xssVectors();
  const sanitizeImpls = ['ours', 'htmlrewriter'];
  const sanitizeRuns = await compare(
    mf,
    sanitizeImpls.map((impl) => ({
      task: 'sanitize',
      impl,
      inputs: contents.map((c) => c.html),
      urls: contents.map((c) => c.url ?? 'https://example.com/'),
    })),
    5,
  );
  for (const [n, impl] of sanitizeImpls.entries()) {
    const { msPerRound, result } = sanitizeRuns[n];
    const bytes = contents.reduce((sum, c) => sum + c.html.length, 0);
    const refused = result.filter((html) => html === null).length;
    const broken = result.filter((html) => html !== null && unbalanced(html)).length;
    const { result: inert } = await send(
      mf,
      { task: 'sanitize', impl, inputs: vectors, urls: vectors.map(() => 'https://blog.example.com/') },
      1,
    );
    const unsafe = inert.filter((html) => html !== null && DANGER.test(html)).length;
    const refusedVectors = inert.filter((html) => html === null).length;
    rows.push([
      'sanitize',
      impl,
      `${(bytes / 1e6 / (msPerRound / 1000)).toFixed(1)} MB/s (${contents.length} items)`,
      `${broken} unbalanced, ${refused} refused; ${unsafe}/${vectors.length} vectors not inert, ${refusedVectors} refused`,
      '',
    ]);
  }
} finally {
  await mf.dispose();
}

const sizes = {
  marked: await addedSize("export { Marked } from 'marked';"),
  'readability + linkedom': await addedSize(
    "export { Readability } from '@mozilla/readability'; export { parseHTML } from 'linkedom';",
  ),
};
console.log('| area | implementation | speed | results | misses |\n| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log('\nAdded to the Worker (esbuild, minified):');
for (const [name, { raw, gzip }] of Object.entries(sizes))
  console.log(`- ${name}: ${(raw / 1024).toFixed(1)} KB, ${(gzip / 1024).toFixed(1)} KB gzip`);
console.log('- HTMLRewriter: 0 KB (built into workerd)');
