// The steps `npm start` and `npm run dev` share before serving: the port must be free, .dev.vars must
// hold the local secrets, and the local D1 database must be migrated. Each step prints one line (a
// failing one prints its whole output).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { migrateAll } from './d1-databases.mjs';
import { ensureDevVars } from './dev-vars.mjs';
import { isPortFree, wranglerEnv } from './wrangler-dev.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs a step quietly and prints one line for it; its whole output only when it fails. */
export function runStep(label, command, args, summarise = () => '') {
  const result = spawnSync(command, args, { cwd: root, env: wranglerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    console.error(output);
    console.error(`✗ ${label} failed`);
    process.exit(result.status ?? 1);
  }
  const summary = summarise(output);
  console.log(`▸ ${label}${summary ? `: ${summary}` : ''}`);
}

// wrangler prints its table of migrations once per migration applied; one line says the same.
function migrationSummary(output) {
  if (/No migrations to apply/i.test(output)) return 'up to date';
  const applied = new Set(output.match(/\b\d{4}_[a-z0-9_]+\.sql\b/g) ?? []);
  return `${applied.size} applied`;
}

/**
 * Exits with one line naming PORT= when `port` is taken; writes secrets; migrates every local D1
 * database (in `persistTo` when given, else wrangler's .wrangler/state).
 */
export async function prepareLocal(port, command, { persistTo } = {}) {
  if (!(await isPortFree(port))) {
    console.error(
      `✗ Port ${port} is already in use. Stop what runs there, or use another: PORT=${port + 1} ${command}`,
    );
    process.exit(1);
  }
  if (ensureDevVars()) console.log('▸ Wrote fresh local secrets to .dev.vars (restart after changing it)');
  let output;
  try {
    output = migrateAll(['--local', ...(persistTo ? ['--persist-to', persistTo] : [])]);
  } catch (error) {
    console.error(error.output ?? '');
    console.error('✗ Local D1 migrations failed');
    process.exit(1);
  }
  console.log(`▸ Local D1 migrations: ${migrationSummary(output)}`);
}
