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
  // Every screen of every browser test runs under the app's Content-Security-Policy (web/public/_headers):
  // anything it blocks is collected here, and closing the browser fails the test file (issue 10 M6).
  const cspViolations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) {
      cspViolations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
    }
  });
  const page: Page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    cspViolations,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (cspViolations.length > 0) {
        throw new Error(`The Content-Security-Policy blocked something:\n${cspViolations.join('\n')}`);
      }
    },
  };
}

export type Browser = Awaited<ReturnType<typeof openBrowser>>;
