// `npm start`: the whole app on http://localhost:8787 (PORT overrides), offline, with nothing to set up.
// Writes .dev.vars with fresh secrets on the first run, applies the local D1 migrations, builds the
// SPA, serves everything with `wrangler dev`, and ticks the Cron Triggers on their schedule (wrangler
// dev never fires them by itself), so feeds refresh and digests go out as in production.
// Works with no stdin and no TTY.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cronMatches, cronsFromWranglerToml } from './cron.mjs';
import { ensureDevVars } from './dev-vars.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8787);
const quietWrangler = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};
const env = { ...process.env, ...quietWrangler, CI: 'true' };

function run(label, command, args) {
  console.log(`\n▸ ${label}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`✗ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

if (ensureDevVars()) console.log('▸ Wrote fresh local secrets to .dev.vars');
run('Applying local D1 migrations', 'npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local']);
run('Building the web app and the extension', 'npm', ['run', 'build', '--silent']);

const devVars = readFileSync(`${root}.dev.vars`, 'utf8');
const appUrlVar = /^APP_URL=/m.test(devVars) ? [] : ['--var', `APP_URL:http://localhost:${port}`];
const server = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--local',
    '--port',
    String(port),
    '--test-scheduled',
    '--show-interactive-dev-session=false',
    ...appUrlVar,
  ],
  { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
);

const base = `http://127.0.0.1:${port}`;
async function waitUntilUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

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

waitUntilUp().then((up) => {
  if (!up) return;
  console.log(`\n✓ Feedloom is running on http://localhost:${port}  (mailbox: http://localhost:${port}/dev/mailbox)`);
  // Feeds due while the app was stopped are picked up at once, then every cron runs on its schedule.
  fetch(`${base}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`).catch(() => {});
  const msToNextMinute = 60_000 - (Date.now() % 60_000);
  setTimeout(() => {
    tickCrons();
    setInterval(tickCrons, 60_000);
  }, msToNextMinute);
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
