// What every browser test shares about the app under test: its address (global-setup provides it), the
// phone size of the spec's 390 px screenshots, and where screenshots are saved.
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = inject('baseURL');
export const url = (path: string) => new URL(path, baseURL).href;
export const MOBILE = { width: 390, height: 844 };

export async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage });
}
