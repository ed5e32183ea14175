// Writes a run's results out: bench/results.json; docs/performance.md between its bench markers (the
// table of report-table.mjs, the machine it ran on, the notes on method); docs/scaling.md between its
// own (the scaling projection). Nothing else: the README links to those pages and is never rewritten.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { limitsMarkdown } from './limits.mjs';
import { scalingMarkdown } from './projection.mjs';
import { reportTable } from './report-table.mjs';
import { root } from './server.mjs';

export function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  return {
    cpu: cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1] ?? os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
    date: new Date().toISOString(),
  };
}

/**
 * The results' note once a run of some parts (`parts`, as named on the command line) is merged into the
 * last full run: that run's note, without what an earlier merge of the same parts said (its figures are
 * replaced), then this one's.
 */
export function mergedNote(lastNote, parts, note) {
  const named = parts.join(', ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const earlier = new RegExp(`(^| )${named}: a run of .*? merged into the full run above\\.`, 'g');
  return [(lastNote ?? '').replace(earlier, '').trim(), note].filter(Boolean).join(' ');
}

/** `rootDir`: the checkout to write into (tests pass a copy). */
export function writeReport(results, rootDir = root) {
  const m = results.machine;
  const machineLine = `Measured ${m.date.slice(0, 10)} on ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB RAM, Node ${m.node} (load average at start ${m.loadAverage}; the machine may be shared).`;
  const notes = [
    'Refresh: a local fixture server on 200 ports × 5 feeds (the cron takes at most 5 feeds per host:port per tick, so',
    'all 1,000 go in one tick), through the real cron → queue → consumer path of the local runtime. Locally the queue runs',
    'one batch of 10 at a time, so each of the 10 feeds that answer after 3 s holds up the whole queue for 3 s.',
    'API: autocannon, 32 connections, 10 s each after a 2 s warm-up; health (the same server’s floor) is measured',
    'first and last and averaged as the baseline; "alone" is the median of 40 requests sent one at a time.',
    'Health makes no D1 call; every other endpoint makes at least one (the session), and locally each D1 call, read',
    'or write, is a commit with an fsync in local D1’s one Durable Object ("Latency under load" below;',
    '`node bench/write-floor.mjs --fsync` measures it). The server runs as `npm start` runs it, without the DevTools',
    'relay of `wrangler dev` (issue 34), which buffered every D1 call’s events and halved these figures.',
    results.spa?.note ? `SPA: ${results.spa.note}.` : '',
    // How the comparison was driven: the goals' ratios hold only between figures measured in turns.
    results.freshrss?.measured
      ? `Beside FreshRSS: ${results.freshrss.connections} connections, ${results.freshrss.seconds} s a contender after a warm-up, ${results.freshrss.measured}.`
      : '',
    // A partial run merged into the last full one says which figures come from which run.
    results.note ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  const md = reportTable(results);
  const scaling = results.cost?.scale ? scalingMarkdown(results.cost.scale) : '';

  writeFileSync(path.join(rootDir, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  rewriteBetweenMarkers(path.join(rootDir, 'docs/performance.md'), 'bench', `${machineLine}\n\n${md}\n\n${notes}\n`);
  // A run without the cost part has no projection: the page keeps the last one.
  if (scaling) rewriteBetweenMarkers(path.join(rootDir, 'docs/scaling.md'), 'bench:scaling', `${scaling}\n`);
  if (results.limits)
    rewriteBetweenMarkers(path.join(rootDir, 'docs/scaling.md'), 'bench:limits', `${limitsMarkdown(results)}\n`);
  return `${machineLine}\n\n${md}`;
}

/** Replaces what stands between `<!-- NAME:start -->` and `<!-- NAME:end -->` in a file, and nothing else. */
export function rewriteBetweenMarkers(file, name, section) {
  const text = readFileSync(file, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${path.relative(root, file)} has no ${start} … ${end} markers`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${section}${text.slice(to)}`);
}
