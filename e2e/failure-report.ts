// When a browser test fails, CI's output is all there is to read, and its tail at that. So a failed
// test writes where each open page was, what happened in it lately and which requests it still waits for
// (e2e/browser.ts collects it; a browser the test closed before failing included) to a file that
// global-setup's teardown prints after the suite's summary, with the server's failures and what the
// server logged just before each failed test's end.
import { appendFileSync } from 'node:fs';
import { beforeEach, inject } from 'vitest';
import { closedBrowsers, openBrowsers, type WatchedBrowser } from './browser';
import { failedTestLine } from './start-app';

beforeEach(({ onTestFailed, task }) => {
  closedBrowsers.length = 0;
  onTestFailed(() => {
    const lines = [`${task.file.name} > ${task.name}`];
    const report = (browser: WatchedBrowser) => {
      const pages = browser.closed?.pages ?? browser.context.pages().map((page) => page.url());
      const pending = browser.closed?.pending ?? browser.pending();
      lines.push(
        `  ${browser.closed ? 'pages when closed during the test' : 'open pages'}: ${pages.join(', ') || 'none'}`,
      );
      lines.push(...browser.events.map((event) => `    ${event}`));
      if (pending.length > 0) lines.push('    still waiting for:', ...pending.map((request) => `      ${request}`));
    };
    for (const browser of openBrowsers) report(browser);
    for (const browser of closedBrowsers) report(browser);
    appendFileSync(inject('failureReportFile'), `${lines.join('\n')}\n`);
    // Marks the moment in the app's log: the requests it logged while the test waited come before it.
    appendFileSync(inject('serverLogFile'), failedTestLine(`${task.file.name} > ${task.name}`));
  });
});
