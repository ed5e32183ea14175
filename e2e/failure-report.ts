// When a browser test fails, CI's output is all there is to read, and its tail at that. So a failed
// test writes where each open page was and what happened in it lately (e2e/browser.ts collects it) to
// a file that global-setup's teardown prints after the suite's summary, with the server's failures.
import { appendFileSync } from 'node:fs';
import { beforeEach, inject } from 'vitest';
import { openBrowsers } from './browser';

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    const lines = [`${task.file.name} > ${task.name}`];
    for (const { context, events } of openBrowsers) {
      lines.push(
        `  open pages: ${
          context
            .pages()
            .map((page) => page.url())
            .join(', ') || 'none'
        }`,
      );
      lines.push(...events.map((event) => `    ${event}`));
    }
    appendFileSync(inject('failureReportFile'), `${lines.join('\n')}\n`);
  });
});
