// The Worker tests' wrangler configuration: wrangler.toml as it is, read from a folder of its own.
// Wrangler reads the `.dev.vars` (or `.env`) beside the configuration it is given and lets its values win
// over [vars]: a developer's `REFRESH_COOLDOWN_MINUTES=0` or a real AI key would change what the tests
// see. A copy of wrangler.toml, written as JSON where no such file is, gives the tests wrangler.toml's
// values and vitest.config.ts's own bindings, whatever the developer's files hold.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';

// wrangler is CommonJS: required, not imported, so that Node need not scan its 10 MB bundle for the names
// it exports (about 1 s of CPU in each process that first loads it).
const require = createRequire(import.meta.url);

const absolute = (root, path) => (typeof path === 'string' && !isAbsolute(path) ? resolve(root, path) : path);

/**
 * Writes `root`/wrangler.toml to `directory`/wrangler.json, its paths (the Worker's entry, its assets,
 * its migrations) made absolute, and returns the new file's path.
 */
export async function writeTestWranglerConfig(root, directory) {
  const { experimental_readRawConfig } = require('wrangler');
  const { rawConfig } = experimental_readRawConfig({ config: join(root, 'wrangler.toml') });
  const config = structuredClone(rawConfig);
  config.main = absolute(root, config.main);
  if (config.assets) config.assets.directory = absolute(root, config.assets.directory);
  for (const database of config.d1_databases ?? []) {
    database.migrations_dir = absolute(root, database.migrations_dir);
  }
  mkdirSync(directory, { recursive: true });
  const path = join(directory, 'wrangler.json');
  // Written beside and renamed over: `npm test` loads this config in three Vitest runs at once, and a
  // run must never read another's half-written file.
  const written = `${path}.${process.pid}`;
  writeFileSync(written, `${JSON.stringify(config, null, 2)}\n`);
  renameSync(written, path);
  return path;
}

/** The migrations as @cloudflare/vitest-pool-workers' readD1Migrations reads them: by number, split by wrangler. */
function splitMigrations(migrationsDir, splitSqlQuery) {
  const names = readdirSync(migrationsDir).filter((name) => name.endsWith('.sql'));
  names.sort((a, b) => Number.parseInt(a.split('_')[0], 10) - Number.parseInt(b.split('_')[0], 10));
  return names.map((name) => ({ name, queries: splitSqlQuery(readFileSync(join(migrationsDir, name), 'utf8')) }));
}

/** What the options below are made of: wrangler.toml, the migrations, wrangler's version and the paths. */
function inputsKey(root, directory) {
  const hash = createHash('sha256');
  const { version } = JSON.parse(readFileSync(require.resolve('wrangler/package.json'), 'utf8'));
  hash.update(`${root}\0${directory}\0wrangler ${version}\0`);
  hash.update(readFileSync(join(root, 'wrangler.toml')));
  const migrationsDir = join(root, 'migrations');
  for (const name of readdirSync(migrationsDir).sort()) {
    if (!name.endsWith('.sql')) continue;
    hash.update(`\0${name}\0`);
    hash.update(readFileSync(join(migrationsDir, name)));
  }
  return hash.digest('hex');
}

/**
 * What the Worker tests' pool gets from wrangler: the Miniflare options wrangler.toml makes (as the pool's
 * own `wrangler.configPath` would, from the copy above: nothing from .dev.vars), the Worker's entry, and
 * the migrations split into statements. Kept in `directory`/worker-options.json and made again only when
 * wrangler.toml, a migration or wrangler itself changes: loading wrangler (a 12.7 MB CommonJS bundle)
 * costs each Worker test run some 2 s of CPU, and `npm test` starts two.
 * { main, workerOptions, migrations }
 */
export async function testWorkerOptions(root, directory) {
  const cacheFile = join(directory, 'worker-options.json');
  const key = inputsKey(root, directory);
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8'));
    if (cached.key === key) return cached;
  } catch {
    // None yet, or half of one: made below.
  }
  const { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } = require('wrangler');
  const configPath = await writeTestWranglerConfig(root, directory);
  // As the pool calls it for `wrangler.configPath` (no assets of its own, no containers).
  const { workerOptions, main, externalWorkers } = unstable_getMiniflareWorkerOptions(configPath, undefined, {
    overrides: { assets: undefined, enableContainers: false },
  });
  if (externalWorkers.length > 0) throw new Error('wrangler.toml names external workers: the test pool needs them');
  const made = {
    key,
    main,
    workerOptions,
    migrations: splitMigrations(join(root, 'migrations'), unstable_splitSqlQuery),
  };
  // Written beside and renamed over, as the configuration is: two Worker test runs start at once.
  const written = `${cacheFile}.${process.pid}`;
  writeFileSync(written, JSON.stringify(made));
  renameSync(written, cacheFile);
  return made;
}
