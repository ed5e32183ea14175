// Starts the app under test as the browser suite runs it: `wrangler dev` (the SPA already built) on a
// free port with its own fresh, migrated local D1/R2/Queue state, mail kept in the dev outbox and the
// fake upstreams allowed. global-setup starts the suite's app with it; model-app.ts a second one with a
// model key.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { migrateAll } from '../scripts/d1-databases.mjs';
import { freePort, spawnWranglerDev, waitForHealth, wranglerEnv } from '../scripts/wrangler-dev.mjs';

export function runOrThrow(command: string, args: string[]) {
  const result = spawnSync(command, args, { env: wranglerEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * A running app at `baseURL`. Everything wrangler prints (a line per request with its status, and any
 * uncaught error) goes to `logFile`. `stop` ends its wrangler and deletes its state, and its log unless
 * the log shows a failure (serverFailures) or a failed test (serverLinesBeforeFailedTests).
 */
export type RunningApp = { baseURL: string; logFile: string; stop: () => void };

/**
 * A request answered 5xx, an uncaught exception, or our own error log: what a failed browser test may
 * come from. (workerd's own "DNS lookup failed" lines for the fixtures' example.com links are not.)
 */
const FAILURE_LINE = /^\[wrangler:\w+\] [A-Z]+ \S+ 5\d\d |uncaught|"level":"error"/i;

/**
 * What e2e/failure-report.ts writes into the app's log when a test fails: there, the lines before it are what
 * the server did while the test waited (a request it never answered shows as one it never logged).
 */
const FAILED_TEST = '[e2e] failed: ';
export const failedTestLine = (name: string) => `${FAILED_TEST}${name}\n`;

/** The `most` lines the app logged before each failed test's line, with that line. */
export function serverLinesBeforeFailedTests(logFile: string, most = 20): string[] {
  if (!existsSync(logFile)) return [];
  const lines = readFileSync(logFile, 'utf8').split('\n');
  return lines.flatMap((line, at) =>
    line.startsWith(FAILED_TEST) ? [...lines.slice(Math.max(0, at - most), at), line, ''] : [],
  );
}

/**
 * The lines of an app's log that show a failure on the server, the last `most` of them. The browser
 * suite prints them at its end, so a test that failed in CI comes with what the server said.
 */
export function serverFailures(logFile: string, most = 40): string[] {
  if (!existsSync(logFile)) return [];
  const lines = readFileSync(logFile, 'utf8').split('\n');
  return lines.filter((line) => FAILURE_LINE.test(line)).slice(-most);
}

export async function startApp(options: {
  stateDir: string;
  /** Where wrangler's output goes; kept after `stop` only when it shows a failure, or a test failed. */
  logFile: string;
  upstreamHost: string;
  vars?: Record<string, string>;
}): Promise<RunningApp> {
  rmSync(options.stateDir, { recursive: true, force: true });
  migrateAll(['--local', '--persist-to', options.stateDir]);
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawnWranglerDev({
    port,
    extraArgs: ['--persist-to', options.stateDir],
    vars: {
      APP_URL: baseURL,
      ENVIRONMENT: 'development',
      EMAIL_TRANSPORT: 'outbox',
      FETCH_ALLOW_HOSTS: options.upstreamHost,
      // The feeds' scripted changes come seconds after a follow; the cooldown itself has its Worker tests.
      REFRESH_COOLDOWN_MINUTES: '0',
      ...options.vars,
    },
  });
  writeFileSync(options.logFile, '');
  const keep = (chunk: Buffer) => appendFileSync(options.logFile, chunk);
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const stop = () => {
    // What wrangler prints as it shuts down is not kept: the log ends where the tests did.
    server.stdout?.off('data', keep);
    server.stderr?.off('data', keep);
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    rmSync(options.stateDir, { recursive: true, force: true });
    const failed =
      serverFailures(options.logFile).length > 0 || serverLinesBeforeFailedTests(options.logFile).length > 0;
    if (!failed) rmSync(options.logFile, { force: true });
  };
  if (!(await waitForHealth(baseURL, server))) {
    console.error(readFileSync(options.logFile, 'utf8'));
    stop();
    throw new Error('wrangler dev did not answer /api/health within a minute');
  }
  return { baseURL, logFile: options.logFile, stop };
}
