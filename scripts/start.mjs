// `npm start`: the whole app on http://localhost:8787 (PORT overrides), offline, with nothing to set up.
// Writes .dev.vars with fresh secrets on the first run, applies the local D1 migrations, builds the
// SPA, serves everything with `wrangler dev`, and ticks the Cron Triggers on their schedule (wrangler
// dev never fires them by itself), so feeds refresh and digests go out as in production.
// Works with no stdin and no TTY.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cronMatches, cronsFromWranglerToml } from './cron.mjs';
import { ensureDevVars } from './dev-vars.mjs';
import { forwardOutput } from './workerd-output.mjs';
import { isPortFree, spawnWranglerDev, waitForHealth, wranglerEnv } from './wrangler-dev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8787);

/** Runs a step quietly and prints one line for it; its whole output only when it fails. */
function run(label, command, args, summarise = () => '') {
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

if (!(await isPortFree(port))) {
  console.error(
    `✗ Port ${port} is already in use. Stop what runs there, or start on another port: PORT=${port + 1} npm start`,
  );
  process.exit(1);
}
if (ensureDevVars()) console.log('▸ Wrote fresh local secrets to .dev.vars (restart after changing it)');
run('Local D1 migrations', 'npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'], migrationSummary);
run('Built the web app and the extension', 'npm', ['run', 'build', '--silent']);

const devVars = readFileSync(`${root}.dev.vars`, 'utf8');
const vars = /^APP_URL=/m.test(devVars) ? {} : { APP_URL: `http://localhost:${port}` };
const server = spawnWranglerDev({ port, vars, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
if (server.stdout) forwardOutput(server.stdout, process.stdout);
if (server.stderr) forwardOutput(server.stderr, process.stderr);
const base = `http://127.0.0.1:${port}`;

const crons = cronsFromWranglerToml(`${root}wrangler.toml`);
function tickCrons() {
  const now = new Date();
  for (const cron of crons) {
    if (!cronMatches(cron, now)) continue;
    fetch(`${base}/__scheduled?cron=${encodeURIComponent(cron)}`).catch((error) =>
      console.error(`cron ${cron} failed: ${error.message}`),
    );
  }
}

waitForHealth(base, server).then((up) => {
  if (!up) {
    console.error('✗ wrangler dev did not answer /api/health within a minute; see its output above');
    return;
  }
  console.log(`\n✓ Feedloom is running on http://localhost:${port}  (mailbox: http://localhost:${port}/dev/mailbox)`);
  // Feeds due while the app was stopped are picked up at once, then every cron runs on its schedule.
  fetch(`${base}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`).catch(() => {});
  const msToNextMinute = 60_000 - (Date.now() % 60_000);
  setTimeout(() => {
    tickCrons();
    setInterval(tickCrons, 60_000);
  }, msToNextMinute);
});

// wrangler runs in its own process group; a stop signal ends the whole group.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.pid) process.kill(-server.pid, signal);
  });
}
server.on('exit', (code) => process.exit(code ?? 0));
