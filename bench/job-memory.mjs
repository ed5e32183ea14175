// Memory of one job at its caps (issue 29), measured: the Worker's own modules bundled (as bench/parse.mjs
// does) and run in a fresh Node process per job, with what the job holds at its largest. Node's V8 is the
// one workerd runs, so the heap a job's objects take is the same; an isolate has 128 MB.
// - refresh: one feed body at the refresh cap (4 MiB), parsed, and up to 500 of its items sanitised and
//   turned to text, all held as refreshFeed holds them until it writes; the normal feed, and the
//   largest of bench/parse-hostile.mjs's shapes. `refreshBatch`: the queue consumer's six at once.
// - export: the export job (exports/write-export.ts) writes the file through its part writer
//   (exports/part-writer.ts) while it reads the stars a page at a time, each page sized to about 5 M
//   characters (db/accounts.ts READ_BUDGET_CHARS): 250 stars of 200 KB (the largest content kept), each
//   page's D1 answer held as its JSON text and its rows, as the page is held while it is written.
// - digest: the 40 items of a digest (ai/digest.ts MAX_DIGEST_ITEMS) with 200 KB of HTML each, read as
//   their D1 answer, reduced to article text (ai/source-text.ts), and the offline model's writing of each
//   digest content type from them (ai/offline.ts).
// Each reports what the job holds at its largest (`peakMB`): the heap in use (V8's heap and the array
// buffers) after a full collection at each point it samples (after each step that keeps something), less
// the heap in use before it began. Garbage is not counted: V8 collects it before an isolate runs out.
// `node bench/job-memory.mjs` prints the figures; `npm run bench -- jobMemory` runs it as a part.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleWorkerModules } from './bundle-worker.mjs';
import { SHAPES } from './parse-hostile.mjs';
import { constantIn } from './source-constants.mjs';

const MB = 1024 * 1024;
const FEED_MAX_BYTES = 4 * MB; // worker/feeds/refresh.ts
/** worker/jobs/consumer.ts REFRESH_MESSAGES_AT_ONCE × worker/jobs/handlers.ts FEEDS_AT_ONCE, read from the source. */
const REFRESHES_AT_ONCE =
  constantIn('worker/jobs/consumer.ts', 'REFRESH_MESSAGES_AT_ONCE') *
  constantIn('worker/jobs/handlers.ts', 'FEEDS_AT_ONCE');
const ITEMS_KEPT = 500; // worker/feeds/refresh.ts: items taken from one body
const CONTENT_CHARS = 200_000; // worker/feeds/parse/limits.ts LIMITS.html
const EXPORTED_STARS = 250;
const READ_BUDGET_CHARS = 5_000_000; // worker/db/accounts.ts
const DIGEST_ITEMS = 40; // worker/ai/digest.ts MAX_DIGEST_ITEMS
const DIGEST_TYPES = ['text_summary', 'topic_analysis', 'recommendations']; // contracts/ai.ts, the text ones

/** An RSS feed of `bytes` bytes whose items carry escaped HTML, as most feeds do. */
export function feedOf(bytes, seed) {
  const paragraph = '<p>Some <b>text</b> of an item, with a <a href="https://example.com/x">link</a> and more. </p>';
  const content = paragraph.repeat(40).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const items = [];
  let size = 0;
  for (let i = 0; size < bytes - 200; i++) {
    const item = `<item><title>Item ${i}</title><link>https://example.com/${seed}/${i}</link><guid>${seed}-${i}</guid><description>${content}</description></item>\n`;
    items.push(item);
    size += item.length;
  }
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>${items.join('')}</channel></rss>`;
}

/** Article HTML of about `chars` characters: paragraphs of prose with a link, as a long post has. */
function articleHtml(chars, seed) {
  const paragraph = (n) =>
    `<p>Paragraph ${n} of article ${seed}: the council voted on the new budget after a long debate about roads, schools and <a href="https://example.com/${seed}/${n}">the report</a>.</p>`;
  const parts = [];
  let size = 0;
  for (let n = 0; size < chars; n++) {
    const part = paragraph(n);
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

/** The heap a job uses now: V8's heap and the array buffers (bodies, encoded parts). */
const inUse = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/**
 * Runs `work(sample)` after a full collection: the most it held at the points it sampled (each after a
 * full collection, so garbage a collection would free is not counted), less the heap before.
 */
async function peakOf(work) {
  globalThis.gc();
  const before = inUse();
  let peak = before;
  const sample = () => {
    globalThis.gc();
    peak = Math.max(peak, inUse());
  };
  const held = await work(sample);
  sample();
  if (held === undefined) throw new Error('a job must return what it holds');
  return Number(((peak - before) / MB).toFixed(1));
}

const JOBS = {
  async refresh(modules, shapeName) {
    const shape = SHAPES.find((s) => s.name === shapeName);
    const refresh = async (seed, sample) => {
      const body = new TextEncoder().encode(shape ? shape.build(FEED_MAX_BYTES) : feedOf(FEED_MAX_BYTES, seed));
      let parsed;
      try {
        parsed = modules.parseFeed(body, 'https://example.com/feed', 'utf-8');
      } catch (error) {
        // A body the parser refuses ends the job there: what it held until then is its peak.
        sample();
        return { body, refused: String(error) };
      }
      sample();
      const rows = [];
      for (const item of parsed.items.slice(0, ITEMS_KEPT)) {
        const html = item.content ?? item.summary ?? '';
        rows.push({
          content: await modules.sanitizeHtml(html, 'https://example.com/'),
          text: modules.htmlToText(html).slice(0, 500),
        });
        if (rows.length % 100 === 0) sample();
      }
      return { body, parsed, rows };
    };
    return peakOf((sample) => refresh(0, sample));
  },

  async refreshBatch(modules) {
    return peakOf(async (sample) => {
      const held = [];
      for (let seed = 0; seed < REFRESHES_AT_ONCE; seed++) {
        const body = new TextEncoder().encode(feedOf(FEED_MAX_BYTES, seed));
        held.push({ body, parsed: modules.parseFeed(body, 'https://example.com/feed', 'utf-8') });
        sample();
      }
      for (const refresh of held) {
        refresh.rows = [];
        for (const item of refresh.parsed.items.slice(0, ITEMS_KEPT)) {
          const html = item.content ?? item.summary ?? '';
          refresh.rows.push({ content: await modules.sanitizeHtml(html, 'https://example.com/') });
          if (refresh.rows.length % 100 === 0) sample();
        }
      }
      return held;
    });
  },

  async export(modules) {
    // R2 takes each part; the bytes leave the job with the upload.
    const upload = { uploadPart: async (partNumber, bytes) => ({ partNumber, etag: `${bytes.length}` }) };
    return peakOf(async (sample) => {
      const file = modules.partWriter(upload);
      await file.write('{"user":{},"subscriptions":[],"starredItems":[');
      const perPage = Math.max(1, Math.floor(READ_BUDGET_CHARS / CONTENT_CHARS));
      let first = true;
      for (let start = 0; start < EXPORTED_STARS; start += perPage) {
        const rows = Array.from({ length: Math.min(perPage, EXPORTED_STARS - start) }, (_, k) => ({
          id: start + k,
          title: `Starred ${start + k}`,
          link: `https://example.com/${start + k}`,
          content: articleHtml(CONTENT_CHARS, start + k),
          pubDate: 1_764_000_000_000,
        }));
        // The page as D1 answers it (its JSON), then as rows: both held while the page is written.
        const answer = JSON.stringify({ results: rows });
        const page = JSON.parse(answer).results;
        sample();
        await file.write(`${first ? '' : ','}${page.map((star) => JSON.stringify(star)).join(',')}`);
        first = false;
        sample();
      }
      await file.write(']}');
      return file.finish();
    });
  },

  async digest(modules) {
    return peakOf(async (sample) => {
      const rows = Array.from({ length: DIGEST_ITEMS }, (_, k) => ({
        id: k + 1,
        title: `Item ${k}`,
        html: articleHtml(CONTENT_CHARS, k),
        link: `https://example.com/${k}`,
        source: `Feed ${k % 7}`,
        pubDate: 1_764_000_000_000 - k * 60_000,
      }));
      const answer = JSON.stringify({ results: rows });
      const items = JSON.parse(answer).results.map(({ html, ...item }) => ({
        ...item,
        text: modules.articleTextOf(html),
      }));
      sample();
      const written = DIGEST_TYPES.map((contentType) => {
        const answer = modules.composeOffline({
          contentType,
          language: 'en',
          writingStyle: 'professional',
          contentLength: 'detailed',
          scope: { kind: 'digest', name: 'Digest' },
          items,
        });
        sample();
        return answer;
      });
      return { items, written };
    });
  },
};

async function runJob(bundle, job, shape) {
  const modules = await import(pathToFileURL(bundle).href);
  return JOBS[job](modules, shape);
}

if (process.argv[2] === '--job') {
  console.log(JSON.stringify(await runJob(process.argv[3], process.argv[4], process.argv[5])));
}

/** Each job in a Node process of its own, so one job's garbage never counts against the next. */
export async function benchJobMemory() {
  const bundle = await bundleWorkerModules('job-memory', {
    'feeds/parse/index': ['parseFeed'],
    'html/sanitize': ['sanitizeHtml'],
    'html/text': ['htmlToText'],
    'exports/part-writer': ['partWriter', 'EXPORT_PART_BYTES'],
    'ai/source-text': ['articleTextOf'],
    'ai/offline': ['composeOffline'],
  });
  const measure = (job, shape) => {
    const args = ['--expose-gc', fileURLToPath(import.meta.url), '--job', bundle, job, ...(shape ? [shape] : [])];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 16 * MB });
    if (run.status !== 0) throw new Error(`${job} ${shape ?? ''} failed: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1));
  };
  const shapes = {};
  // The sanitize-* shapes are HTML for the sanitiser alone, not feed bodies (parse.hostile times them).
  for (const shape of SHAPES.filter((s) => !s.name.startsWith('sanitize-'))) {
    shapes[shape.name] = measure('refresh', shape.name);
  }
  const [largestShape, largestMB] = Object.entries(shapes).sort((a, b) => b[1] - a[1])[0];
  return {
    isolateMB: 128,
    refresh: { normalPeakMB: shapes.normal, largestShape, largestPeakMB: largestMB, shapes },
    refreshBatch: { refreshes: REFRESHES_AT_ONCE, peakMB: measure('refreshBatch') },
    export: { stars: EXPORTED_STARS, contentChars: CONTENT_CHARS, partMiB: 5, peakMB: measure('export') },
    digest: { items: DIGEST_ITEMS, contentChars: CONTENT_CHARS, contentTypes: DIGEST_TYPES, peakMB: measure('digest') },
  };
}

if (process.argv[2] === undefined && process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchJobMemory(), null, 2));
}
