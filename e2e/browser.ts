// Debian's Chromium driven by playwright-core: headless, no sandbox (CI runs as root), no background
// networking (this machine has no internet), and a fresh profile for every browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function openBrowser(options: { width?: number; height?: number } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'feedloom-e2e-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page: Page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
