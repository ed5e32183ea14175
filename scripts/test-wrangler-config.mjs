// The Worker tests' wrangler configuration: wrangler.toml as it is, read from a folder of its own.
// Wrangler reads the `.dev.vars` (or `.env`) beside the configuration it is given and lets its values win
// over [vars]: a developer's `REFRESH_COOLDOWN_MINUTES=0` or a real AI key would change what the tests
// see. A copy of wrangler.toml, written as JSON where no such file is, gives the tests wrangler.toml's
// values and vitest.config.ts's own bindings, whatever the developer's files hold.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
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
