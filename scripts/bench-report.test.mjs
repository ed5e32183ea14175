// `npm run bench` writes its figures into docs/performance.md and docs/scaling.md, between markers, and
// leaves every other file alone: the README is written by people, not by a benchmark run (issue 31).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergedNote, writeReport } from '../bench/report.mjs';

const repo = join(import.meta.dirname, '..');

/** A scratch checkout holding the real README, docs pages and last full results. */
function scratchCheckout() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
  mkdirSync(join(dir, 'bench'));
  cpSync(join(repo, 'docs'), join(dir, 'docs'), { recursive: true });
  cpSync(join(repo, 'README.md'), join(dir, 'README.md'));
  return dir;
}

const lastResults = () => JSON.parse(readFileSync(join(repo, 'bench/results.json'), 'utf8'));
const read = (dir, file) => readFileSync(join(dir, file), 'utf8');

/**
 * The last full results' FreshRSS part, to change (`peer`), and `write`, which writes the report of the
 * results with it (or with another FreshRSS part) into a scratch checkout and answers its performance page.
 */
function freshrssReport() {
  const dir = scratchCheckout();
  const results = lastResults();
  const peer = structuredClone(results.freshrss);
  const write = (freshrss = peer) => {
    writeReport({ ...results, freshrss }, dir);
    return read(dir, 'docs/performance.md');
  };
  return { peer, write };
}

/** A contender's CPU figures as bench/turns.mjs gives them; no main thread figure for a server without one. */
const cpu = (serverMsPerRequest, mainThreadMsPerRequest, serverCores) => ({
  serverMsPerRequest,
  ...(mainThreadMsPerRequest === undefined ? {} : { mainThreadMsPerRequest }),
  serverCores,
  loadGeneratorMsPerRequest: 0.81,
  loadGeneratorCores: 0.33,
});

describe('the bench report', () => {
  it('rewrites the table in docs/performance.md and the projection in docs/scaling.md, never the README', () => {
    const dir = scratchCheckout();
    const readme = read(dir, 'README.md');
    const results = lastResults();
    results.machine = { ...results.machine, date: '2031-02-03T04:05:06.000Z', loadAverage: '9.99 8.88 7.77' };
    results.cost.scale[0].dollarsPerPersonMonth = 0.0123;

    writeReport(results, dir);

    expect(read(dir, 'README.md')).toBe(readme);
    const performance = read(dir, 'docs/performance.md');
    expect(performance).toContain('Measured 2031-02-03 on');
    expect(performance).toContain('load average at start 9.99 8.88 7.77');
    expect(performance).toContain('## Latency under load'); // the prose after the markers stays
    const scaling = read(dir, 'docs/scaling.md');
    expect(scaling).toMatch(/\| A \| 10,000 \|.*\| \$0\.0123 \|/);
    expect(scaling).toContain("## Scaling: the data layer's design");
    expect(JSON.parse(read(dir, 'bench/results.json')).machine.date).toBe('2031-02-03T04:05:06.000Z');
  });

  it('shows the Worker’s script and cold start beside a bare Hono Worker', () => {
    const dir = scratchCheckout();
    const worker = {
      bytes: 1_086_746,
      gzipBytes: 297_264,
      startupMs: 1767,
      bare: { bytes: 20_181, gzipBytes: 8430, startupMs: 1206 },
      starts: 7,
    };
    writeReport({ ...lastResults(), worker }, dir);
    const performance = read(dir, 'docs/performance.md');
    expect(performance).toContain(
      '| worker | script, minified (as deployed) | 1061.3 KB | bare Hono 19.7 KB | 53.85× |  |',
    );
    expect(performance).toContain('| worker | script, gzip | 290.3 KB | bare Hono 8.2 KB | 35.26× |  |');
    expect(performance).toContain(
      '| worker | cold start to first answer (ms, median of 7) | 1,767 | bare Hono 1,206 | 1.47× |  |',
    );
  });

  it('puts each side’s server CPU a request and cores in use beside its req/s against FreshRSS', () => {
    const { peer, write } = freshrssReport();
    peer.rows[0] = { request: 'newest', feedloomRest: 411, feedloomGreader: 363, freshrssGreader: 654 };
    peer.detail.feedloomRest.newest.cpu = cpu(2.38, 2.1, 0.98);
    peer.detail.freshrssGreader.newest.cpu = cpu(2.9, undefined, 1.9);
    peer.d1FloorRequestsPerSecond = 976;
    peer.d1FloorCpu = cpu(1.02, 0.95, 0.99);
    const performance = write();
    expect(performance).toContain(
      '| freshrss | the 30 newest, REST: req/s; server CPU a request, cores in use | 411; 2.38 ms CPU (main thread 2.1), 0.98 cores | FreshRSS 654; 2.9 ms CPU, 1.9 cores | 0.63× |  |',
    );
    expect(performance).toContain(
      '| freshrss | one empty D1 call: req/s; server CPU a request, cores in use | 976; 1.02 ms CPU (main thread 0.95), 0.99 cores |  |  | the floor |',
    );
    // A run that measured no CPU keeps its rows as they were.
    delete peer.detail.feedloomGreader.newest.cpu;
    delete peer.detail.freshrssGreader.newest.cpu;
    expect(write()).toContain('| freshrss | the 30 newest, Google Reader, req/s | 363 | FreshRSS 654 | 0.56× |  |');
  });

  it('shows the lists with D1 in its own process beside FreshRSS, and their goal, where the run measured them', () => {
    const { peer, write } = freshrssReport();
    peer.rows[0] = {
      request: 'newest',
      feedloomRest: 351,
      feedloomGreader: 390,
      feedloomRestSplit: 512,
      feedloomGreaderSplit: 488,
      freshrssGreader: 501,
    };
    peer.detail.feedloomGreaderSplit = {
      newest: { cpu: { ...cpu(2.58, 2.5, 1.38), databaseMsPerRequest: 1.12, databaseCores: 0.6 } },
    };
    peer.goals.newestSplitAgainstFreshrss = { bar: 501, barIs: "FreshRSS's rate", rest: 512, greader: 488, met: false };
    const performance = write();
    expect(performance).toContain(
      "| freshrss | the 30 newest, Google Reader, D1 in its own process: req/s; server CPU a request, cores in use | 488; 2.58 ms CPU (main thread 2.5), 1.38 cores; of which the database's process 1.12 ms, 0.6 cores | FreshRSS",
    );
    expect(performance).toContain(
      "| freshrss | the 30 newest, D1 in its own process, req/s | 512 / 488 | bar 501 |  | ≥ FreshRSS's rate ✗ |",
    );
    // Results from before the split have neither row.
    const before = structuredClone(peer);
    for (const row of before.rows) {
      delete row.feedloomRestSplit;
      delete row.feedloomGreaderSplit;
    }
    delete before.goals.newestSplitAgainstFreshrss;
    const table = write(before);
    expect(table).not.toContain('| freshrss | the 30 newest, REST, D1 in its own process');
    expect(table).not.toContain('| freshrss | the 30 newest, D1 in its own process, req/s');
    expect(table).toContain('| freshrss | the 30 newest, REST: req/s');
  });

  it('says how the FreshRSS comparison was driven, once its run measured in turns', () => {
    const dir = scratchCheckout();
    const results = lastResults();
    const peer = { ...results.freshrss, measured: 'in turns: 5 rounds of 2 s each' };
    writeReport({ ...results, freshrss: peer }, dir);
    expect(read(dir, 'docs/performance.md')).toContain(
      'Beside FreshRSS: 32 connections, 10 s a contender after a warm-up, in turns: 5 rounds of 2 s each.',
    );
  });

  it('keeps one note for a part merged again, as its figures are replaced', () => {
    const earlier =
      'Full run at rest. freshrss: a run of 2026-11-28 18:35 UTC (load 0.91 1.35 1.54) merged into the full run above. api: a run of 2026-11-27 10:00 UTC (load 1.0 2.0 3.0) merged into the full run above.';
    const again = 'freshrss: a run of 2026-11-28 18:53 UTC (load 2.31 2.03 1.83) merged into the full run above.';
    expect(mergedNote(earlier, ['freshrss'], again)).toBe(
      `Full run at rest. api: a run of 2026-11-27 10:00 UTC (load 1.0 2.0 3.0) merged into the full run above. ${again}`,
    );
    expect(mergedNote(undefined, ['freshrss'], again)).toBe(again);
  });

  it('refuses a page without its markers, naming them, before a run’s figures are lost silently', () => {
    const dir = scratchCheckout();
    writeFileSync(join(dir, 'docs/performance.md'), '# Performance\n');
    expect(() => writeReport(lastResults(), dir)).toThrow(/docs\/performance\.md has no <!-- bench:start -->/);
  });
});
