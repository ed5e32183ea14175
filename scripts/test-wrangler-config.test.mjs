import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testWorkerOptions, writeTestWranglerConfig } from './test-wrangler-config.mjs';

// Required, not imported: Node then need not scan wrangler's CommonJS bundle for its exports (test-wrangler-config.mjs).
const { unstable_getMiniflareWorkerOptions } = createRequire(import.meta.url)('wrangler');

const root = fileURLToPath(new URL('..', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'feedloom-dev-vars-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

// A developer's local files at their most hostile: the cooldown off, a real-looking AI key, another
// environment, in .dev.vars and in .env alike.
const HOSTILE = 'REFRESH_COOLDOWN_MINUTES=0\nOPENROUTER_API_KEY=sk-or-from-dev-vars\nENVIRONMENT=staging\n';
copyFileSync(join(root, 'wrangler.toml'), join(project, 'wrangler.toml'));
writeFileSync(join(project, '.dev.vars'), HOSTILE);
writeFileSync(join(project, '.env'), HOSTILE);
// wrangler refuses a configuration whose assets directory is missing.
mkdirSync(join(project, 'dist/client'), { recursive: true });

/** The plain bindings wrangler hands the test pool for this configuration (the pool's own call). */
async function bindingsOf(configPath) {
  process.env.WRANGLER_LOG ??= 'warn';
  return unstable_getMiniflareWorkerOptions(configPath).workerOptions.bindings ?? {};
}

describe("the Worker tests' configuration", () => {
  it('would take a developer’s .dev.vars over wrangler.toml if the pool read wrangler.toml in place', async () => {
    const bindings = await bindingsOf(join(project, 'wrangler.toml'));
    expect(bindings.REFRESH_COOLDOWN_MINUTES).toBe('0');
    expect(bindings.OPENROUTER_API_KEY).toBe('sk-or-from-dev-vars');
  });

  it('holds wrangler.toml’s values and nothing from .dev.vars or .env', async () => {
    const bindings = await bindingsOf(await writeTestWranglerConfig(project, join(project, 'out')));
    expect(bindings.REFRESH_COOLDOWN_MINUTES).toBe('10');
    expect(bindings.ENVIRONMENT).toBe('production');
    expect(bindings).not.toHaveProperty('OPENROUTER_API_KEY');
  });

  it('keeps the Worker’s entry, assets and migrations where wrangler.toml says', async () => {
    const config = JSON.parse(readFileSync(await writeTestWranglerConfig(root, join(project, 'paths')), 'utf8'));
    expect(config.main).toBe(join(root, 'worker/index.ts'));
    expect(config.assets.directory).toBe(join(root, 'dist/client'));
    expect(config.d1_databases[0].migrations_dir).toBe(join(root, 'migrations'));
  });

  it('gives the pool wrangler’s options for the copy, kept until wrangler.toml or a migration changes', async () => {
    mkdirSync(join(project, 'migrations'), { recursive: true });
    writeFileSync(join(project, 'migrations/0001_first.sql'), 'CREATE TABLE a (x);\nCREATE TABLE b (y);\n');
    const cache = join(project, 'options');
    const made = await testWorkerOptions(project, cache);
    expect(made.main).toBe(join(project, 'worker/index.ts'));
    expect(made.workerOptions.bindings.REFRESH_COOLDOWN_MINUTES).toBe('10');
    expect(made.workerOptions.bindings).not.toHaveProperty('OPENROUTER_API_KEY');
    expect(made.workerOptions.d1Databases).toHaveProperty('DB');
    expect(made.migrations).toEqual([
      { name: '0001_first.sql', queries: ['CREATE TABLE a (x)', 'CREATE TABLE b (y)'] },
    ]);

    // Read back, not made again: a mark left in the cached file comes back.
    const file = join(cache, 'worker-options.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), mark: 1 }));
    expect(await testWorkerOptions(project, cache)).toHaveProperty('mark', 1);

    const toml = readFileSync(join(project, 'wrangler.toml'), 'utf8');
    writeFileSync(
      join(project, 'wrangler.toml'),
      toml.replace('REFRESH_COOLDOWN_MINUTES = "10"', 'REFRESH_COOLDOWN_MINUTES = "11"'),
    );
    const remade = await testWorkerOptions(project, cache);
    expect(remade).not.toHaveProperty('mark');
    expect(remade.workerOptions.bindings.REFRESH_COOLDOWN_MINUTES).toBe('11');

    writeFileSync(join(project, 'migrations/0002_second.sql'), 'DROP TABLE a;\n');
    expect((await testWorkerOptions(project, cache)).migrations.map((migration) => migration.name)).toEqual([
      '0001_first.sql',
      '0002_second.sql',
    ]);
    writeFileSync(join(project, 'wrangler.toml'), toml);
  });
});
