// The README carries the limits table and the bill (issue 30) as bench/results.json last had them: a bench
// run that moves a figure fails here until `node scripts/readme-scaling.mjs` writes the README again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scalingSection, withScalingSection } from './readme-scaling.mjs';

const repo = join(import.meta.dirname, '..');
const results = JSON.parse(readFileSync(join(repo, 'bench/results.json'), 'utf8'));
const readme = readFileSync(join(repo, 'README.md'), 'utf8');

describe("the README's scaling section", () => {
  it('says what bench/results.json says (else: node scripts/readme-scaling.mjs)', () => {
    expect(withScalingSection(readme, results)).toBe(readme);
  });

  it('has a row for every limit, with its headroom at B, and the bill at A and B', () => {
    const lines = scalingSection(results);
    const rows = lines.filter((line) => /^\| (?!limit \||---)/.test(line));
    expect(rows).toHaveLength(Math.ceil(results.limits.length / 2));
    const table = rows.join('\n');
    for (const limit of results.limits) {
      const figure = (value) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
      const unit = limit.unit ? ` ${limit.unit}` : '';
      expect(table).toContain(
        `| ${figure(limit.atB)}${unit} of ${figure(limit.limit)}${unit} | ${figure(limit.headroomB)}× |`,
      );
    }
    const bill = lines.join(' ');
    expect(bill).toContain(`$${results.dollarsPerPersonMonth.A} a person-month at A`);
    for (const line of results.bill)
      expect(bill).toContain(line.item === 'per person-month' ? 'a person-month' : line.item);
  });

  it('leaves the README within 200 lines (issue 31: the rest lives in docs/)', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('refuses a README without its markers rather than writing it somewhere else', () => {
    expect(() => withScalingSection('# Feedloom\n', results)).toThrow(/no scaling markers/);
  });
});
