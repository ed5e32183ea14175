// Issue 34: `npm start` never sits there looking alive. It serves the app with scripts/serve-watched.mjs
// once the app is prepared (port, secrets, migrations, build: skipped here, the server needs none of
// them to answer /api/health); when the runtime dies, or the server stops answering, it says so in one
// line, stops what is left and exits 1.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureDevVars } from './dev-vars.mjs';
import { serverProcesses, stopProcessGroup, superviseServer } from './supervise.mjs';
import { freePort, isPortFree, waitForHealth } from './wrangler-dev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A detached child (its own process group, so that the cleanup can end all it started) with its output. */
function spawnDetached(args, options = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...options,
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => {
    output.stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output.stderr += chunk;
  });
  cleanups.push(() => stopProcessGroup(child, 1_000));
  return { child, output };
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start watches the server it started', () => {
  it('says in one line that the runtime died, stops the proxy and exits 1', async () => {
    ensureDevVars();
    // wrangler refuses a config whose assets directory is missing; the SPA itself is not needed.
    mkdirSync(path.join(root, 'dist/client'), { recursive: true });
    const persistTo = mkdtempSync(path.join(tmpdir(), 'feedloom-start-'));
    cleanups.push(() => rmSync(persistTo, { recursive: true, force: true }));
    const port = await freePort();
    const serveWatched = new URL('./serve-watched.mjs', import.meta.url).href;
    const { child, output } = spawnDetached([
      '--input-type=module',
      '-e',
      `import { serveWatched } from ${JSON.stringify(serveWatched)}; await serveWatched(${JSON.stringify({ port, persistTo })});`,
    ]);

    // Bundling the Worker and starting two workerd take seconds alone and minutes beside the whole suite.
    expect(await waitForHealth(`http://127.0.0.1:${port}`, child, 200_000), output.stderr).toBe(true);
    // Killed before npm start's own watch has begun, the runtime would be reported as an unanswered
    // health check (it was in CI, under load): wait for the line that says the watch is on.
    while (!output.stdout.includes('Feedloom is running') && child.exitCode === null)
      await Promise.race([once(child.stdout, 'data'), once(child, 'exit')]);
    const { proxy, runtime } = await serverProcesses(/** @type {number} */ (child.pid), port);
    expect(proxy).toBeTypeOf('number');
    expect(runtime).toBeTypeOf('number');

    process.kill(/** @type {number} */ (runtime), 'SIGKILL');
    const [code] = await once(child, 'exit');

    expect(code).toBe(1);
    const stopped = output.stderr.split('\n').filter((line) => line.includes('Feedloom stopped'));
    expect(stopped).toEqual([
      `✗ Feedloom stopped: the runtime (workerd, pid ${runtime}) exited. npm start exits (1); run it again to restart.`,
    ]);
    // Nothing it started is left answering, or refusing, on the port.
    expect(alive(/** @type {number} */ (proxy))).toBe(false);
    expect(await isPortFree(port)).toBe(true);
  }, 300_000);

  it('reports a server that is alive but stops answering /api/health', async () => {
    const port = await freePort();
    // A stand-in server: it prints a line per health check it answers.
    const { child, output } = spawnDetached([
      '-e',
      `require('node:http').createServer((q, s) => { s.end('{"ok":true}'); console.log('answered'); }).listen(${port}, '127.0.0.1', () => console.log('listening'));`,
    ]);
    while (!output.stdout.includes('listening')) await once(child.stdout, 'data');

    const baseURL = `http://127.0.0.1:${port}`;
    const watch = superviseServer(child, {
      baseURL,
      port,
      healthEveryMs: 50,
      healthTimeoutMs: 300,
      failuresAllowed: 2,
    });
    cleanups.push(() => watch.stop());
    let reason;
    watch.down.then((line) => {
      reason = line;
    });
    // While it answers, nothing is reported.
    while ((output.stdout.match(/answered/g) ?? []).length < 3) await once(child.stdout, 'data');
    expect(reason).toBeUndefined();

    process.kill(/** @type {number} */ (child.pid), 'SIGSTOP');
    cleanups.unshift(() => process.kill(/** @type {number} */ (child.pid), 'SIGCONT'));
    expect(await watch.down).toBe(`${baseURL}/api/health failed 2 times in a row (last: no answer in 0.3 s)`);
  }, 30_000);
});
