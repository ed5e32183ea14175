// The browser suite (`npm run test:e2e`): Chromium driven by playwright-core against the real app
// served by `wrangler dev` with fresh local state, and fake upstreams on 127.0.0.1.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/failure-report.ts'],
    environment: 'node',
    testTimeout: 90_000,
    // expect.poll waits for what the page shows next (a toggle's state, a moved selection). Its default
    // of 1 s is shorter than a render on a loaded machine: the keyboard test once failed on it, and the
    // edit dialog's categories once loaded after it. Playwright's own waits give 30 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
