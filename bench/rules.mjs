// `npm run bench -- rules` (issue 26): what rules cost.
//   refresh: per new item of a feed with 1,000 followers and 100 rules among them, the CPU time of
//            matching it against the rules (the Worker's own work: worker/rules/apply-new.ts effectsOf,
//            bundled and timed here in Node) and the D1 rows the rules' reads and writes take;
//   reading: rows read per row shown on My Feed with 20 hide rules (goal: at most 5), and whether the
//            unread counts stay exact with hidden items.
// The D1 rows come from worker/rules/rules-cost.test.ts, which counts them exactly in workerd's real D1
// (and fails if they change): this runs it and reads its RULES_COST lines.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const FOLLOWERS = 1000;
const RULES = 100;
const ROUNDS = 2000;

/** The matcher as the Worker runs it, bundled for Node. */
async function loadMatcher() {
  const dir = mkdtempSync(join(tmpdir(), 'rules-bench-'));
  const outfile = join(dir, 'apply-new.mjs');
  await build({
    entryPoints: [new URL('../worker/rules/apply-new.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'silent',
  });
  const module = await import(pathToFileURL(outfile).href);
  rmSync(dir, { recursive: true, force: true });
  return module;
}

/** 100 rules of the search syntax (words, phrases, exclusions, prefixes, fields) over 1,000 followers. */
function rulesOf() {
  const shapes = [
    (k) => `topic${k}`,
    (k) => `"breaking news" topic${k}`,
    (k) => `title:topic${k} -sponsored`,
    (k) => `author:writer${k} content:energ*`,
    (k) => `link:example.com/${k} launch`,
  ];
  const actions = [['hide'], ['markRead'], ['star'], ['notify'], ['markRead', 'star']];
  return Array.from({ length: RULES }, (_, k) => ({
    id: k + 1,
    userId: 1 + ((k * 10) % FOLLOWERS),
    kind: 'rule',
    name: `Rule ${k}`,
    match: shapes[k % shapes.length](k),
    actions: actions[k % actions.length],
  }));
}

/** A new item of a typical size: a title, a summary and about 600 words of text. */
const newItem = (n) => ({
  id: 1000 + n,
  feedId: 1,
  seq: n,
  title: `Breaking news: topic${n % RULES} launch and what it means`,
  summary: 'A short summary of the story, with energy and markets in it.',
  content: Array.from(
    { length: 60 },
    (_, w) => `Sentence ${w} about energy, rockets, topic${(n + w) % 300} and more.`,
  ).join(' '),
  author: `writer${n % RULES}`,
  link: `https://example.com/${n % RULES}/story-${n}`,
});

function cpuPerNewItem(effectsOf) {
  const rules = rulesOf();
  const items = Array.from({ length: 50 }, (_, n) => newItem(n));
  // Warm up, then time: each round is one refresh's new items against every rule.
  for (let round = 0; round < 20; round++) effectsOf(rules, items);
  let matched = 0;
  const start = process.cpuUsage();
  for (let round = 0; round < ROUNDS / 50; round++) matched += effectsOf(rules, items).length;
  const used = process.cpuUsage(start);
  const perItemMs = (used.user + used.system) / 1000 / (ROUNDS / 50) / items.length;
  return { cpuMsPerNewItem: Number(perItemMs.toFixed(4)), matchesPerNewItem: matched / (ROUNDS / 50) / items.length };
}

/** The exact D1 figures from the Worker test, as it logs them. */
function d1Figures() {
  const output = execFileSync(
    'npx',
    ['vitest', 'run', '--project', 'worker', 'worker/rules/rules-cost.test.ts', '--reporter=dot'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
  );
  const figures = {};
  for (const match of output.matchAll(/RULES_COST (\w+) (\{.*\})/g)) figures[match[1]] = JSON.parse(match[2]);
  if (!figures.refresh || !figures.reading) throw new Error(`rules-cost.test.ts gave no figures:\n${output}`);
  return figures;
}

export async function benchRules() {
  const { effectsOf } = await loadMatcher();
  const cpu = cpuPerNewItem(effectsOf);
  const { refresh, reading } = d1Figures();
  return {
    refresh: {
      followers: FOLLOWERS,
      rules: RULES,
      ...cpu,
      d1: refresh,
      rowsWrittenPerNewItem: refresh.rowsWrittenPerNewItem,
      rowsReadPerNewItem: refresh.rowsReadPerNewItem,
    },
    reading: {
      hideRules: reading.hideRules,
      hiddenShare: reading.hidden / (reading.unreadExpected + reading.hidden),
      rowsReadPerRowShown: Number(reading.perRowShown.toFixed(2)),
      goal: 5,
      met: reading.perRowShown <= 5,
    },
    counts: { exact: reading.unreadCount === reading.unreadExpected, unread: reading.unreadCount },
  };
}
