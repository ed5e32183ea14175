// `npm run bench` writes its figures into docs/performance.md and docs/scaling.md, between markers, and
// leaves every other file alone: the README is written by people, not by a benchmark run (issue 31).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReport } from '../bench/report.mjs';

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

  it('refuses a page without its markers, naming them, before a run’s figures are lost silently', () => {
    const dir = scratchCheckout();
    writeFileSync(join(dir, 'docs/performance.md'), '# Performance\n');
    expect(() => writeReport(lastResults(), dir)).toThrow(/docs\/performance\.md has no <!-- bench:start -->/);
  });
});
