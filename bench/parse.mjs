// Feed parser benchmark: ours (worker/feeds/parse, bundled with esbuild into bench/.work/) against
// feedsmith, rss-parser and @rowanmanning/feed-parser on every fixture in worker/feeds/testdata/fixtures.
// Inputs are decoded to strings once; parsers run in interleaved passes and the median pass counts.
// Reports MB/s over all fixtures and over the subset every parser reads without throwing, plus each
// parser's pass rate on the feedparser-derived conformance set. `node bench/parse.mjs` prints a table;
// `benchParse()` returns the same figures as a JSON-able object.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importWorkerModules } from './bundle-worker.mjs';
import { ADAPTERS } from './parse-adapters.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(root, 'worker/feeds/testdata/fixtures');

function loadFixtures() {
  const decoder = new TextDecoder();
  return readdirSync(FIXTURES)
    .filter((f) => !f.endsWith('.tsv') && f !== 'LICENSES')
    .sort()
    .map((file) => ({ file, text: decoder.decode(readFileSync(path.join(FIXTURES, file))) }));
}

async function timeRun(parse, inputs) {
  const started = performance.now();
  for (const { text } of inputs) {
    try {
      await parse(text);
    } catch {
      // Failures are counted separately; the time spent still counts.
    }
  }
  return performance.now() - started;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const megabytes = (inputs) => inputs.reduce((n, { text }) => n + Buffer.byteLength(text), 0) / 1e6;

export async function benchParse({ passes = 7 } = {}) {
  const ours = await importWorkerModules('parse', {
    'feeds/parse/index': ['parseFeed'],
    'feeds/parse/conformance': ['runConformance'],
  });
  const parsers = { feedloom: (text) => ours.parseFeed(text), ...ADAPTERS };
  const fixtures = loadFixtures();

  // Which fixtures each parser reads without throwing.
  const reads = {};
  for (const [name, parse] of Object.entries(parsers)) {
    reads[name] = new Set();
    for (const { file, text } of fixtures) {
      try {
        await parse(text);
        reads[name].add(file);
      } catch {}
    }
  }
  const common = fixtures.filter(({ file }) => Object.values(reads).every((set) => set.has(file)));

  const times = Object.fromEntries(Object.keys(parsers).map((name) => [name, { all: [], common: [] }]));
  for (let pass = 0; pass < passes; pass++) {
    for (const [name, parse] of Object.entries(parsers)) {
      times[name].all.push(await timeRun(parse, fixtures));
      times[name].common.push(await timeRun(parse, common));
    }
  }

  const results = {};
  for (const [name, parse] of Object.entries(parsers)) {
    const conformance = await ours.runConformance(parse);
    results[name] = {
      fixturesRead: reads[name].size,
      mbPerSecAll: megabytes(fixtures) / (median(times[name].all) / 1000),
      mbPerSecCommon: megabytes(common) / (median(times[name].common) / 1000),
      conformance: conformance.passed / conformance.total,
      dates: conformance.datesPassed / conformance.datesTotal,
      conformancePassed: conformance.passed,
      conformanceTotal: conformance.total,
      datesPassed: conformance.datesPassed,
      datesTotal: conformance.datesTotal,
    };
  }
  return {
    fixtures: fixtures.length,
    megabytes: megabytes(fixtures),
    commonFixtures: common.length,
    commonMegabytes: megabytes(common),
    passes,
    results,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const report = await benchParse();
  console.log(
    `Feed parsers on ${report.fixtures} fixtures (${report.megabytes.toFixed(2)} MB); common subset ${report.commonFixtures} (${report.commonMegabytes.toFixed(2)} MB); median of ${report.passes} passes`,
  );
  console.log(['parser'.padEnd(28), 'reads', 'MB/s all', 'MB/s common', 'conformance', 'dates'].join('  '));
  for (const [name, r] of Object.entries(report.results)) {
    console.log(
      [
        name.padEnd(28),
        String(r.fixturesRead).padStart(5),
        r.mbPerSecAll.toFixed(1).padStart(8),
        r.mbPerSecCommon.toFixed(1).padStart(11),
        `${(r.conformance * 100).toFixed(1)}% (${r.conformancePassed}/${r.conformanceTotal})`.padStart(11),
        `${(r.dates * 100).toFixed(1)}% (${r.datesPassed}/${r.datesTotal})`,
      ].join('  '),
    );
  }
}
