import { describe, expect, it } from 'vitest';
import { triggerKind } from '../worker/jobs/trigger-kind';
import { cronMatches, cronsFromWranglerToml, firingsPerDay, mostFrequentCron } from './cron.mjs';

describe('cronMatches', () => {
  it('fires */5 on every fifth minute only', () => {
    expect(cronMatches('*/5 * * * *', new Date('2026-11-22T10:05:00Z'))).toBe(true);
    expect(cronMatches('*/5 * * * *', new Date('2026-11-22T10:07:00Z'))).toBe(false);
  });

  it('fires a daily job at its hour and minute, in UTC', () => {
    expect(cronMatches('0 3 * * *', new Date('2026-11-22T03:00:00Z'))).toBe(true);
    expect(cronMatches('0 3 * * *', new Date('2026-11-22T04:00:00Z'))).toBe(false);
  });

  it('understands ranges and lists', () => {
    expect(cronMatches('0 9-17/4 * * 1,3', new Date('2026-11-23T13:00:00Z'))).toBe(true);
    expect(cronMatches('0 9-17/4 * * 1,3', new Date('2026-11-24T13:00:00Z'))).toBe(false);
  });

  it('counts the firings of a day', () => {
    expect(firingsPerDay('*/5 * * * *')).toBe(288);
    expect(firingsPerDay('0 3 * * *')).toBe(1);
    expect(mostFrequentCron(['0 3 * * *', '*/10 * * * *'])).toBe('*/10 * * * *');
  });
});

// wrangler.toml is the one place that says when the crons fire (issue 13 item 5): the Worker tells its
// triggers apart by shape, and npm start and the benchmarks fire the most frequent one.
describe("wrangler.toml's Cron Triggers", () => {
  const crons = cronsFromWranglerToml('wrangler.toml');

  it('are one frequent trigger and one daily trigger, as the Worker tells them apart', () => {
    expect(crons.map(triggerKind).sort()).toEqual(['daily', 'frequent']);
    expect(triggerKind(mostFrequentCron(crons))).toBe('frequent');
  });

  it('fire often enough for refreshes and digests, and the daily work once a day', () => {
    const frequent = crons.find((cron) => triggerKind(cron) === 'frequent');
    const daily = crons.find((cron) => triggerKind(cron) === 'daily');
    // A refresh lease lasts 15 minutes (worker/jobs/enqueue-refreshes.ts): a tick must come within it.
    expect(firingsPerDay(frequent)).toBeGreaterThanOrEqual(96);
    expect(firingsPerDay(daily)).toBe(1);
  });
});
