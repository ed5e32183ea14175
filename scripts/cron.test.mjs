import { describe, expect, it } from 'vitest';
import { cronMatches, cronsFromWranglerToml } from './cron.mjs';

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

  it('reads the crons from wrangler.toml', () => {
    expect(cronsFromWranglerToml('wrangler.toml')).toContain('*/5 * * * *');
  });
});
