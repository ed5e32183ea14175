// `npm start`: the whole app on http://localhost:8787 (PORT overrides), offline, with nothing to set up.
// Writes .dev.vars with fresh secrets on the first run, applies the local D1 migrations, builds the
// SPA, serves everything with `wrangler dev`, and ticks the Cron Triggers on their schedule (wrangler
// dev never fires them by itself), so feeds refresh and digests go out as in production.
// Works with no stdin and no TTY.
import { readFileSync } from 'node:fs';
import { cronMatches, cronsFromWranglerToml, mostFrequentCron } from './cron.mjs';
import { prepareLocal, root, runStep } from './prepare-local.mjs';
import { forwardOutput } from './workerd-output.mjs';
import { spawnWranglerDev, waitForHealth } from './wrangler-dev.mjs';

const port = Number(process.env.PORT ?? 8787);

await prepareLocal(port, 'npm start');
runStep('Built the web app and the extension', 'npm', ['run', 'build', '--silent']);

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
  fetch(`${base}/__scheduled?cron=${encodeURIComponent(mostFrequentCron(crons))}`).catch(() => {});
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
