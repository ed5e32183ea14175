// What `npm start` does once the app is prepared (port, secrets, migrations, build): serve it without
// wrangler's DevTools relay (scripts/worker-server.mjs), tick the Cron Triggers, and watch it
// (scripts/supervise.mjs). When the server process or one of its workerd processes exits, or
// /api/health stops answering, it says so in one line, stops the rest and exits 1. It does not restart:
// a crash that comes back would loop unseen, and the state is on disk, so running `npm start` again (by
// hand, or from a supervisor such as systemd's Restart=on-failure) loses nothing.
import { readFileSync } from 'node:fs';
import { cronMatches, cronsFromWranglerToml, mostFrequentCron } from './cron.mjs';
import { root } from './prepare-local.mjs';
import { stopProcessGroup, superviseServer } from './supervise.mjs';
import { spawnWorkerServer } from './worker-server.mjs';
import { forwardOutput } from './workerd-output.mjs';
import { waitForHealth } from './wrangler-dev.mjs';

/**
 * Serves the app on `port` until a stop signal (exit 0) or until it dies (one line, exit 1).
 * @param {{ port: number, persistTo?: string }} options
 */
export async function serveWatched({ port, persistTo }) {
  const devVars = readFileSync(`${root}.dev.vars`, 'utf8');
  const vars = /^APP_URL=/m.test(devVars) ? {} : { APP_URL: `http://localhost:${port}` };
  const server = spawnWorkerServer({ port, vars, persistTo, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  if (server.stdout) forwardOutput(server.stdout, process.stdout);
  if (server.stderr) forwardOutput(server.stderr, process.stderr);
  const base = `http://127.0.0.1:${port}`;

  let stopping = false;
  /** One line on stderr, the server's whole process group ended, exit 1. */
  async function stopBecause(reason) {
    if (stopping) return;
    stopping = true;
    console.error(`✗ Feedloom stopped: ${reason}. npm start exits (1); run it again to restart.`);
    await stopProcessGroup(server);
    process.exit(1);
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

  // Ctrl-C or a stop signal: the server's process group goes too (it runs detached), and we exit 0.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await stopProcessGroup(server);
      process.exit(0);
    });
  }

  if (!(await waitForHealth(base, server))) {
    await stopBecause('the server did not answer /api/health within a minute (its output is above)');
  } else {
    const watch = superviseServer(server, { baseURL: base, port });
    watch.down.then(stopBecause);
    await watch.watching;
    if (stopping) return;
    console.log(`\n✓ Feedloom is running on http://localhost:${port}  (mailbox: http://localhost:${port}/dev/mailbox)`);
    // Feeds due while the app was stopped are picked up at once, then every cron runs on its schedule.
    fetch(`${base}/__scheduled?cron=${encodeURIComponent(mostFrequentCron(crons))}`).catch(() => {});
    const msToNextMinute = 60_000 - (Date.now() % 60_000);
    setTimeout(() => {
      tickCrons();
      setInterval(tickCrons, 60_000);
    }, msToNextMinute);
  }
}
