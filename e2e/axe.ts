// axe-core in a page of the browser tests: its source is evaluated through the DevTools protocol (not a
// <script> tag), so it runs whatever Content-Security-Policy the app sends. The experimental
// `label-content-name-mismatch` rule is switched on: a button whose accessible name does not contain its
// visible text is what voice-control users trip over.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] };

/** Every serious or critical finding on the page as it is, one line each (rule, help, elements). */
export async function findSerious(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })) as { violations: Violation[] };
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
          .join(' | ')}`,
    );
}
