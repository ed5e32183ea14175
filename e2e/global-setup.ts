// Builds the SPA, starts the fake upstreams and `wrangler dev` on free ports with a fresh local
// D1/R2/Queue state, and tells the tests where they are.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureDevVars } from '../scripts/dev-vars.mjs';
import { startFakeUpstream } from '../worker/test/fake-upstreams/server';
import { runOrThrow, serverFailures, serverLinesBeforeFailedTests, startApp } from './start-app';

// One state folder per run, so two runs on one machine never share a database.
const STATE_DIR = `e2e/.state/run-${process.pid}`;
const FAILURE_REPORT = `${STATE_DIR}-failed-tests.txt`;
export const STRIPE_WEBHOOK_SECRET = 'whsec_feedloom_e2e';

export default async function setup(project: TestProject) {
  ensureDevVars();
  mkdirSync('e2e/screenshots', { recursive: true });
  runOrThrow('npm', ['run', 'build', '--silent']);

  const upstream = await startFakeUpstream();
  const app = await startApp({
    stateDir: STATE_DIR,
    logFile: `${STATE_DIR}.log`,
    upstreamHost: upstream.host,
    // Lets the browser tests upgrade an account the way production does: a signed Stripe event.
    vars: { STRIPE_WEBHOOK_SECRET },
  }).catch(async (error) => {
    await upstream.close();
    throw error;
  });
  project.provide('baseURL', app.baseURL);
  project.provide('fakeUpstreamUrl', upstream.url);
  project.provide('stripeWebhookSecret', STRIPE_WEBHOOK_SECRET);
  project.provide('failureReportFile', FAILURE_REPORT);
  project.provide('serverLogFile', app.logFile);

  return async () => {
    const failures = serverFailures(app.logFile);
    const beforeFailedTests = serverLinesBeforeFailedTests(app.logFile);
    app.stop();
    await upstream.close();
    // A browser test that failed in CI is read from the output's tail alone: what its pages did and the
    // server's side come last.
    if (existsSync(FAILURE_REPORT)) {
      console.error(`\nWhat the failed tests' pages did lately:\n${readFileSync(FAILURE_REPORT, 'utf8')}`);
      rmSync(FAILURE_REPORT);
      console.error(`What the app logged just before each failed test ended (${app.logFile}):`);
      for (const line of beforeFailedTests) console.error(`  ${line}`);
    }
    if (failures.length === 0) return;
    console.error(`The app answered with failures (last ${failures.length}; the whole log is ${app.logFile}):`);
    for (const line of failures) console.error(`  ${line}`);
  };
}
