// `npm start`: the whole app on http://localhost:8787 (PORT overrides), offline, with nothing to set up.
// Writes .dev.vars with fresh secrets on the first run, applies the local D1 migrations, builds the
// SPA, serves everything with wrangler's local runtime without its DevTools relay
// (scripts/worker-server.mjs: the relay's buffer ran `wrangler dev` out of memory after about 20,000
// requests), and ticks the Cron Triggers on their schedule (wrangler never fires them locally by
// itself), so feeds refresh and digests go out as in production. Works with no stdin and no TTY.
//
// It watches what it started (scripts/serve-watched.mjs): when the server stops answering or one of its
// processes exits, it says so in one line, stops the rest and exits 1.
//
//   npm start [-- --persist-to DIR] [-- --no-build]
//   --persist-to DIR  the local D1/R2/queue state in DIR instead of .wrangler/state
//   --no-build        serve the SPA already in dist/client (after a restart that changed nothing in web/)
import { parseArgs } from 'node:util';
import { prepareLocal, runStep } from './prepare-local.mjs';
import { serveWatched } from './serve-watched.mjs';

let options;
try {
  options = parseArgs({
    options: { 'persist-to': { type: 'string' }, 'no-build': { type: 'boolean', default: false } },
  }).values;
} catch (error) {
  console.error(`✗ ${error.message}. Options: --persist-to DIR, --no-build`);
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8787);
const persistTo = options['persist-to'];

await prepareLocal(port, 'npm start', { persistTo });
if (!options['no-build']) runStep('Built the web app and the extension', 'npm', ['run', 'build', '--silent']);

await serveWatched({ port, persistTo });
