// Issue 30, "First deploy": `npm run deploy` stops before building on a placeholder database id, and on
// a D1 whose SQLite cannot create the search index; the probe itself runs against the real local D1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseIdProblem, probeVerdict, sqliteIsRecentEnough } from './deploy-preflight.mjs';

const shipped = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8');

describe('npm run deploy, before anything is built', () => {
  it('stops on the placeholder database_id, naming the binding and the step of docs/deploying.md', () => {
    expect(databaseIdProblem(shipped)).toBe(
      'wrangler.toml still has the placeholder database_id for DB. Create the database with `npx wrangler d1 create feedloom` and put the id it prints into wrangler.toml: docs/deploying.md, "Deploying to Cloudflare", step 1.',
    );
    const real = shipped.replace('00000000-0000-0000-0000-000000000000', '7f0c1f8e-5d0a-4b8e-9a34-2b6f1c9d0e11');
    expect(databaseIdProblem(real)).toBeNull();
    const steps = readFileSync(new URL('../docs/deploying.md', import.meta.url), 'utf8');
    expect(steps).toMatch(/## Deploying to Cloudflare\n\n1\. `npx wrangler d1 create feedloom`/);
    expect(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.deploy).toMatch(
      /^node scripts\/deploy-preflight\.mjs && /,
    );
  });

  it('compares SQLite versions by number, not as text', () => {
    expect(sqliteIsRecentEnough('3.47.0')).toBe(true);
    expect(sqliteIsRecentEnough('3.50.4')).toBe(true);
    expect(sqliteIsRecentEnough('4.0.0')).toBe(true);
    expect(sqliteIsRecentEnough('3.46.1')).toBe(false);
    expect(sqliteIsRecentEnough('3.9.2')).toBe(false);
  });

  it('stops on an old SQLite, or on a D1 that refuses the throwaway table, saying nothing was deployed', () => {
    const answered = (rows) => ({ status: 0, stdout: JSON.stringify([{ results: rows, success: true }]), stderr: '' });
    const old = probeVerdict({ version: answered([{ version: '3.45.2' }]), probe: answered([]) });
    expect(old.ok).toBe(false);
    expect(old.message).toMatch(
      /^The remote D1 runs SQLite 3\.45\.2; the search index .* needs FTS5's contentless_unindexed, from SQLite 3\.47\.0\. Nothing was deployed or migrated\.$/,
    );
    const failed = (text) => ({ status: 1, stdout: JSON.stringify({ error: { text } }), stderr: '' });
    const refused = probeVerdict({
      version: failed('not authorized to use function: sqlite_version at offset 7: SQLITE_ERROR'),
      probe: failed('unrecognized option: "contentless_unindexed": SQLITE_ERROR'),
    });
    expect(refused).toEqual({
      ok: false,
      message:
        'The remote D1 could not create an FTS5 table with contentless_unindexed (SQLite version not given: not authorized to use function: sqlite_version at offset 7: SQLITE_ERROR; the search index needs 3.47.0). Nothing was deployed or migrated. D1 said: unrecognized option: "contentless_unindexed": SQLITE_ERROR',
    });
    expect(probeVerdict({ version: answered([{ version: '3.49.1' }]), probe: answered([]) })).toEqual({
      ok: true,
      message: "FTS5's contentless_unindexed works on this D1 (SQLite 3.49.1).",
    });
  });

  it("passes on the local D1, whose SQLite is workerd's and which does not say its version", () => {
    const state = mkdtempSync(path.join(tmpdir(), 'feedloom-preflight-'));
    try {
      // As a person runs it. (Spawned from inside Vitest's workers with their environment, wrangler
      // prints nothing at all; a plain environment, as in a shell, is what deploy runs with.)
      const run = spawnSync(process.execPath, ['scripts/deploy-preflight.mjs', '--local', '--persist-to', state], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        encoding: 'utf8',
      });
      expect(run.stdout.trim()).toBe(
        "✓ FTS5's contentless_unindexed works on this D1 (SQLite version not given: not authorized to use function: sqlite_version at offset 7: SQLITE_ERROR).",
      );
      expect(run.status).toBe(0);
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  }, 120_000);
});
