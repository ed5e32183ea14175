import { expect, it } from 'vitest';
import { runConformance } from './conformance';
import { parseFeed } from './index';

it('passes at least 95% of the feedparser-derived cases and 90% of the dates', async () => {
  const result = await runConformance((xml) => parseFeed(xml));
  for (const f of result.failures) console.info(`conformance failure: ${f.name} (${f.source}): ${f.detail}`);
  console.info(`conformance: ${result.passed}/${result.total} cases, ${result.datesPassed}/${result.datesTotal} dates`);
  expect(result.total).toBeGreaterThan(100);
  expect(result.datesTotal).toBeGreaterThanOrEqual(100);
  expect(result.passed / result.total).toBeGreaterThanOrEqual(0.95);
  expect(result.datesPassed / result.datesTotal).toBeGreaterThanOrEqual(0.9);
});
