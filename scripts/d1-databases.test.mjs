import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { d1Bindings, migrationCommands } from './d1-databases.mjs';

describe('migrating every D1 database wrangler.toml binds', () => {
  it('finds each [[d1_databases]] binding, in order, and no other table’s', () => {
    const toml = `[vars]
binding = "NOT_A_DATABASE"

[[d1_databases]]
binding = "DB"
database_name = "feedloom"

[[r2_buckets]]
binding = "IMAGES"

[[d1_databases]]
binding = "FEEDS_1"
database_name = "feedloom-feeds-1"
`;
    expect(d1Bindings(toml)).toEqual(['DB', 'FEEDS_1']);
    expect(migrationCommands(toml, ['--local'])).toEqual([
      ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'],
      ['wrangler', 'd1', 'migrations', 'apply', 'FEEDS_1', '--local'],
    ]);
  });

  it('names the primary database of the real wrangler.toml, and refuses a config without one', () => {
    expect(d1Bindings(readFileSync('wrangler.toml', 'utf8'))[0]).toBe('DB');
    expect(() => d1Bindings('[vars]\nA = "b"\n')).toThrow(/binds no D1 database/);
  });
});
