// Memory of a refresh batch (issue 10): the queue consumer refreshes REFRESH_MESSAGES_AT_ONCE × FEEDS_AT_ONCE
// feeds side by side (1 since issue 30, 6 before), each body up to FEED_MAX_BYTES (4 MB). This runs our parser
// and sanitiser (bundled with esbuild, as bench/parse.mjs does) on that many feeds at the cap at once, holding
// what refreshFeed holds (the body, the parsed feed, up to 500 sanitised items), in a Node whose V8 heap is
// limited to HEAP_MB: if it finishes, they fit in that heap plus their bodies. `node bench/memory.mjs [HEAP_MB]
// [SHAPE]`: SHAPE, one of bench/parse-hostile.mjs's shapes, makes every feed that hostile document instead.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleWorkerModules } from './bundle-worker.mjs';
import { feedOf } from './job-memory.mjs';
import { SHAPES } from './parse-hostile.mjs';
import { constantIn } from './source-constants.mjs';

const MB = 1024 * 1024;
const FEED_MAX_BYTES = 4 * MB; // worker/feeds/refresh.ts
/** worker/jobs/consumer.ts REFRESH_MESSAGES_AT_ONCE × worker/jobs/handlers.ts FEEDS_AT_ONCE, read from the source. */
const AT_ONCE =
  constantIn('worker/jobs/consumer.ts', 'REFRESH_MESSAGES_AT_ONCE') *
  constantIn('worker/jobs/handlers.ts', 'FEEDS_AT_ONCE');

async function runBatch(pipelineFile, shapeName) {
  const shape = SHAPES.find((s) => s.name === shapeName);
  const { parseFeed, sanitizeHtml, htmlToText } = await import(pathToFileURL(pipelineFile).href);
  let peak = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.heapUsed + usage.arrayBuffers);
  };
  const refresh = async (seed) => {
    const body = shape
      ? new TextEncoder().encode(shape.build(FEED_MAX_BYTES))
      : new TextEncoder().encode(feedOf(FEED_MAX_BYTES, seed));
    const parsed = parseFeed(body, 'https://example.com/feed', 'utf-8');
    sample();
    const rows = [];
    for (const item of parsed.items.slice(0, 500)) {
      const html = item.content ?? item.summary ?? '';
      rows.push({ content: await sanitizeHtml(html, 'https://example.com/'), text: htmlToText(html).slice(0, 500) });
      sample();
    }
    return { body, parsed, rows };
  };
  const held = await Promise.all(Array.from({ length: AT_ONCE }, (_, seed) => refresh(seed)));
  return { refreshes: held.length, peakSampledMB: Math.round(peak / MB) };
}

if (process.argv[2] === '--batch') {
  console.log(JSON.stringify(await runBatch(process.argv[3], process.argv[4])));
} else {
  const heapMb = Number(process.argv[2] ?? 32);
  const shape = process.argv[3];
  const pipeline = await bundleWorkerModules('memory-pipeline', {
    'feeds/parse/index': ['parseFeed'],
    'html/sanitize': ['sanitizeHtml'],
    'html/text': ['htmlToText'],
  });
  const run = spawnSync(
    process.execPath,
    [`--max-old-space-size=${heapMb}`, fileURLToPath(import.meta.url), '--batch', pipeline, ...(shape ? [shape] : [])],
    {
      encoding: 'utf8',
    },
  );
  const fits = run.status === 0;
  console.log(
    fits
      ? `${AT_ONCE} refreshes of ${FEED_MAX_BYTES / MB} MB ${shape ?? 'normal'} feeds fit in a ${heapMb} MB V8 heap plus ${(AT_ONCE * FEED_MAX_BYTES) / MB} MB of bodies: ${run.stdout.trim()}`
      : `${AT_ONCE} refreshes of ${FEED_MAX_BYTES / MB} MB ${shape ?? 'normal'} feeds do not fit in a ${heapMb} MB V8 heap`,
  );
  process.exitCode = fits ? 0 : 1;
}
