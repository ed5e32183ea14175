// Every D1 database wrangler.toml binds gets the same migrations: the primary `DB` and each feed shard
// (worker/db/shards.ts; a shard uses only its tables, but one schema everywhere means one migration
// history and no per-database special case). `npm start`, `npm run dev`, `npm run deploy`, the browser
// suite and the benchmarks all migrate through here; the worker tests do the same in
// worker/test/apply-migrations.ts.
//
//   node scripts/d1-databases.mjs migrate --local|--remote [wrangler args…]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { wranglerEnv } from './wrangler-dev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The `binding` of every [[d1_databases]] table in a wrangler.toml text, in order. */
export function d1Bindings(toml) {
  const bindings = [];
  // Each table runs from its header to the next header of any kind.
  for (const block of toml.split(/^(?=\s*\[)/m)) {
    if (!/^\s*\[\[d1_databases\]\]/.test(block)) continue;
    const binding = /^\s*binding\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    if (!binding) throw new Error('wrangler.toml has a [[d1_databases]] table without a binding');
    bindings.push(binding);
  }
  if (bindings.length === 0) throw new Error('wrangler.toml binds no D1 database');
  return bindings;
}

/** The wrangler arguments that migrate each database bound in `toml`. */
export const migrationCommands = (toml, extraArgs) =>
  d1Bindings(toml).map((binding) => ['wrangler', 'd1', 'migrations', 'apply', binding, ...extraArgs]);

/**
 * Migrates every database bound in the config (`-c path` among `extraArgs`, else wrangler.toml) and
 * returns wrangler's combined output; throws with it when one fails.
 */
export function migrateAll(extraArgs, options = {}) {
  const configAt = extraArgs.indexOf('-c');
  const configPath = configAt >= 0 ? extraArgs[configAt + 1] : `${root}/wrangler.toml`;
  let output = '';
  for (const args of migrationCommands(readFileSync(configPath, 'utf8'), extraArgs)) {
    const result = spawnSync('npx', args, {
      cwd: options.cwd ?? root,
      env: wranglerEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    output += `${result.stdout ?? ''}${result.stderr ?? ''}`;
    if (result.status !== 0) throw Object.assign(new Error(`wrangler ${args.slice(1).join(' ')} failed`), { output });
  }
  return output;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...extraArgs] = process.argv.slice(2);
  if (command !== 'migrate') {
    console.error('usage: node scripts/d1-databases.mjs migrate --local|--remote [wrangler args…]');
    process.exit(2);
  }
  try {
    process.stdout.write(migrateAll(extraArgs));
  } catch (error) {
    console.error(error.output ?? '');
    console.error(error.message);
    process.exit(1);
  }
}
