// Hostile feeds at the refresh cap (issue 29): each shape is built to FEED_MAX_BYTES (4 MiB) and parsed by
// our parser (the sanitize-* shapes: sanitised by our sanitiser; these timings left the unit tests, issue 31) (bundled with esbuild, as bench/parse.mjs does) in a fresh Node process, one shape at a time,
// so one shape's garbage never counts against the next. Per shape it reports
// - ms: the CPU time of parseFeed (process.cpuUsage, user + system), not wall time on a shared machine;
// - heapMB: the V8 heap's high-water mark during the parse: the largest heap in use at the start of any
//   collection (--trace-gc) or after the parse, less the heap in use before it (the input string counts,
//   it is built before the parse starts and is already in "before", so this is the parser's own peak).
// A shape still running after TIMEOUT_MS is killed and reported as { ms: null, timedOut: true }; one that
// runs out of the HEAP_LIMIT_MB heap as { outOfMemory: true }. Goal per shape: ≤ 500 ms, < 64 MB.
// `node bench/parse-hostile.mjs` prints the rows; `--write` also stores them as parse.hostile in
// bench/results.json; `--only name,name` runs some shapes.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleWorkerModules } from './bundle-worker.mjs';

const CAP = 4 * 1024 * 1024; // worker/feeds/refresh.ts FEED_MAX_BYTES
const HTML_CAP = 200_000; // worker/feeds/parse/limits.ts LIMITS.html
const TIMEOUT_MS = Number(process.env.HOSTILE_TIMEOUT_MS ?? 60_000);
const HEAP_LIMIT_MB = 512;
export const GOAL = { ms: 500, heapMB: 64 };

const HEAD = '<rss version="2.0"><channel><title>t</title>';

/** `head`, then `unit` repeated until the document is `cap` long, then `tail`. */
function fill(head, unit, tail = '', cap = CAP) {
  const room = cap - head.length - tail.length;
  return head + unit.repeat(Math.max(0, Math.floor(room / unit.length))) + tail;
}

/** Each shape: a name, what it is, and a builder of the document at `cap` characters. */
export const SHAPES = [
  {
    name: 'normal',
    what: 'a normal feed: items of escaped HTML (the baseline, bench/memory.mjs)',
    build(cap = CAP) {
      const paragraph =
        '<p>Some <b>text</b> of an item, with a <a href="https://example.com/x">link</a> and more. </p>';
      const content = paragraph.repeat(40).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const items = [];
      let size = 0;
      for (let i = 0; size < cap - 200; i++) {
        const item = `<item><title>Item ${i}</title><link>https://example.com/${i}</link><guid>g-${i}</guid><description>${content}</description></item>\n`;
        items.push(item);
        size += item.length;
      }
      return `<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>${items.join('')}</channel></rss>`;
    },
  },
  {
    name: 'long-names-unmatched-ends',
    what: "128 open elements with 16,384-character names, then '</b>' to the cap",
    build(cap = CAP) {
      const open = `<${'A'.repeat(16_383)}B>`.repeat(128);
      return fill(HEAD + open, '</b>', '', cap);
    },
  },
  {
    name: 'namespace-declarations',
    what: 'a root declaring xmlns:pN up to half the cap, then \'<x xmlns:q="v"/>\' to the cap',
    build(cap = CAP) {
      const decls = [];
      let size = 0;
      for (let i = 0; size < cap / 2; i++) {
        const d = ` xmlns:p${i}="u"`;
        decls.push(d);
        size += d.length;
      }
      return fill(`<rss version="2.0"${decls.join('')}><channel><title>t</title>`, '<x xmlns:q="v"/>', '', cap);
    },
  },
  {
    name: 'deep-unmatched-ends',
    what: "250 open elements, then '</b>' to the cap",
    build: (cap = CAP) => fill(`${HEAD}${'<e>'.repeat(250)}`, '</b>', '', cap),
  },
  {
    name: 'bare-lt-text',
    what: "one description of '< ' to the cap (bare '<' in text)",
    build: (cap = CAP) => fill(`${HEAD}<item><description>`, '< ', '</description></item>', cap),
  },
  {
    name: 'comment-fragments',
    what: "one description of 'a<!---->' to the cap (text cut by comments)",
    build: (cap = CAP) => fill(`${HEAD}<item><description>`, 'a<!---->', '</description></item>', cap),
  },
  {
    name: 'entity-references',
    what: "one description of '&amp;' to the cap (840k references)",
    build: (cap = CAP) => fill(`${HEAD}<item><description>`, '&amp;', '</description></item>', cap),
  },
  {
    name: 'numeric-references',
    what: "one description of '&#233;' to the cap (700k references)",
    build: (cap = CAP) => fill(`${HEAD}<item><description>`, '&#233;', '</description></item>', cap),
  },
  {
    name: 'many-tiny-items',
    what: "'<item></item>' to the cap (320k items, 5,000 read)",
    build: (cap = CAP) => fill(HEAD, '<item></item>', '</channel></rss>', cap),
  },
  {
    name: 'many-empty-elements',
    what: "'<x/>' to the cap in the channel (1M elements)",
    build: (cap = CAP) => fill(HEAD, '<x/>', '</channel></rss>', cap),
  },
  {
    name: 'many-attributes',
    what: 'one element with \'aN=""\' attributes to the cap',
    build(cap = CAP) {
      const attrs = [];
      let size = HEAD.length + 20;
      for (let i = 0; size < cap - 20; i++) {
        const a = ` a${i}=""`;
        attrs.push(a);
        size += a.length;
      }
      return `${HEAD}<x${attrs.join('')}/></channel></rss>`;
    },
  },
  {
    name: 'deep-nesting',
    what: "'<a>' to the cap (4M levels; 256 are kept)",
    build: (cap = CAP) => fill(HEAD, '<a>', '', cap),
  },
  {
    name: 'huge-fields',
    what: 'one item whose title, link, guid, author and description share the cap',
    build(cap = CAP) {
      const fifth = Math.floor((cap - 300) / 5);
      const x = 'x'.repeat(fifth);
      return `${HEAD}<item><title>${x}</title><link>https://e.com/${x}</link><guid>${x}</guid><author>${x}</author><description>${x}</description></item></channel></rss>`;
    },
  },
  {
    name: 'many-categories',
    what: "one item with distinct '<category>cN</category>' to the cap",
    build(cap = CAP) {
      const cats = [];
      let size = HEAD.length + 40;
      for (let i = 0; size < cap - 40; i++) {
        const c = `<category>c${i}</category>`;
        cats.push(c);
        size += c.length;
      }
      return `${HEAD}<item><title>t</title>${cats.join('')}</item></channel></rss>`;
    },
  },
  {
    name: 'billion-laughs',
    what: "nine levels of DTD entities of ten references each (10^9 'lol's if expanded), then '&lol9;' to the cap",
    build(cap = CAP) {
      const lol = ['<!ENTITY lol "lol">'];
      for (let i = 1; i <= 9; i++) lol.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
      return fill(
        `<?xml version="1.0"?><!DOCTYPE rss [${lol.join('')}]>${HEAD}<item><title>`,
        '&lol9;',
        '</title></item>',
        cap,
      );
    },
  },
  {
    name: 'many-items-with-links',
    what: "'<item>' with a title, a link and a date to the cap (27k items, 5,000 read)",
    build: (cap = CAP) =>
      fill(
        HEAD,
        '<item><title>Item</title><link>https://example.com/a</link><pubDate>Mon, 02 Mar 2015 08:00:00 GMT</pubDate></item>',
        '</channel></rss>',
        cap,
      ),
  },
  // The sanitiser is handed one field at a time, each at most LIMITS.html (200,000) characters
  // (worker/feeds/parse/limits.ts): its shapes are that long, not 4 MiB.
  {
    name: 'sanitize-huge-html',
    what: "sanitizeHtml (not the parser) of '<p>lorem ipsum &amp; dolor</p>' to 200,000 characters",
    sanitize: true,
    build: () => fill('', '<p>lorem ipsum &amp; dolor</p>', '', HTML_CAP),
  },
  {
    name: 'sanitize-deep-nesting',
    what: "sanitizeHtml of '<div>' to half of 200,000 characters, then 'x' and as many '</div>'",
    sanitize: true,
    build: () => {
      const half = Math.floor(HTML_CAP / 2 / 11);
      return `${'<div>'.repeat(half)}x${'</div>'.repeat(half)}`;
    },
  },
  {
    name: 'many-enclosures',
    what: 'one item with distinct <enclosure url="…"/> to the cap',
    build(cap = CAP) {
      const encs = [];
      let size = HEAD.length + 40;
      for (let i = 0; size < cap - 40; i++) {
        const e = `<enclosure url="http://e.co/${i}"/>`;
        encs.push(e);
        size += e.length;
      }
      return `${HEAD}<item><title>t</title>${encs.join('')}</item></channel></rss>`;
    },
  },
];

/**
 * In the child: build the shape, parse it once (or sanitise it, for the sanitiser's shapes), print
 * { ms, heapBeforeMB, heapAfterMB, items }; `items` is the sanitised HTML's length for those.
 */
async function runOne(bundle, name) {
  const { parseFeed, sanitizeHtml } = await import(pathToFileURL(bundle).href);
  const shape = SHAPES.find((s) => s.name === name);
  if (shape.sanitize) {
    const html = shape.build();
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    console.log(`#before ${before}`);
    const cpu = process.cpuUsage();
    const length = sanitizeHtml(html).length;
    const used = process.cpuUsage(cpu);
    const after = process.memoryUsage().heapUsed;
    console.log(`#result ${JSON.stringify({ ms: (used.user + used.system) / 1000, before, after, items: length })}`);
    return;
  }
  // Bytes, as the refresh hands them over; encoding them is part of the setup, not of the parse.
  const bytes = new TextEncoder().encode(shape.build());
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  console.log(`#before ${before}`);
  const cpu = process.cpuUsage();
  let items = null;
  let error = null;
  let feed = null;
  try {
    feed = parseFeed(bytes, 'https://example.com/feed');
    items = feed.items.length;
  } catch (e) {
    error = String(e?.message ?? e).slice(0, 120);
  }
  const used = process.cpuUsage(cpu);
  const after = process.memoryUsage().heapUsed;
  console.log(
    `#result ${JSON.stringify({ ms: (used.user + used.system) / 1000, before, after, items, error, keep: feed !== null })}`,
  );
}

/** Runs one shape in a fresh Node with --trace-gc; folds the GC trace into the heap's high-water mark. */
function measure(bundle, name) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        `--max-old-space-size=${HEAP_LIMIT_MB}`,
        '--expose-gc',
        '--trace-gc',
        fileURLToPath(import.meta.url),
        '--child',
        bundle,
        name,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const lines = out.split('\n');
      const beforeAt = lines.findIndex((l) => l.startsWith('#before '));
      const before = beforeAt === -1 ? 0 : Number(lines[beforeAt].slice(8));
      let peak = 0;
      // "[pid:0x…]  123 ms: Mark-Compact 45.2 (60.1) -> 44.9 (61.1) MB, …": the heap in use before it ran.
      for (const line of lines.slice(beforeAt + 1)) {
        const m = /: (?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact)[^\d]*([\d.]+) \([\d.]+\) ->/.exec(line);
        if (m) peak = Math.max(peak, Number(m[1]) * 1024 * 1024);
      }
      const resultLine = lines.find((l) => l.startsWith('#result '));
      if (!resultLine) {
        const outOfMemory = /heap out of memory|Ineffective mark-compacts/i.test(out + err);
        resolve({
          name,
          ms: null,
          heapMB: outOfMemory ? HEAP_LIMIT_MB : peak > 0 ? Math.round(((peak - before) / 2 ** 20) * 10) / 10 : null,
          timedOut: signal === 'SIGKILL',
          outOfMemory,
          exit: code,
        });
        return;
      }
      const r = JSON.parse(resultLine.slice(8));
      peak = Math.max(peak, r.after);
      resolve({
        name,
        ms: Math.round(r.ms),
        heapMB: Math.round(((peak - r.before) / 2 ** 20) * 10) / 10,
        items: r.items,
        ...(r.error ? { refused: r.error } : {}),
      });
    });
  });
}

export async function benchParseHostile({ only } = {}) {
  const bundle = await bundleWorkerModules('parse-hostile', {
    'feeds/parse/index': ['parseFeed'],
    'html/sanitize': ['sanitizeHtml'],
  });
  const rows = [];
  for (const shape of SHAPES) {
    if (only && !only.includes(shape.name)) continue;
    const row = await measure(bundle, shape.name);
    row.withinGoal = row.ms !== null && row.ms <= GOAL.ms && row.heapMB !== null && row.heapMB < GOAL.heapMB;
    rows.push(row);
    console.error(JSON.stringify(row));
  }
  return rows;
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') {
  await runOne(argv[1], argv[2]);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt === -1 ? undefined : argv[onlyAt + 1].split(',');
  const rows = await benchParseHostile({ only });
  if (argv.includes('--write')) {
    const file = new URL('./results.json', import.meta.url);
    const results = JSON.parse(readFileSync(file, 'utf8'));
    results.parse = { ...results.parse, hostile: rows };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  }
}
