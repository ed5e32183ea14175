// What every browser test shares about the app under test: its address (global-setup provides it), the
// phone size of the spec's 390 px screenshots, and where screenshots are saved.
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** The app's address. A live binding: useApp changes it for every helper of the test file. */
export let baseURL = inject('baseURL');
export const url = (path: string) => new URL(path, baseURL).href;
export const MOBILE = { width: 390, height: 844 };

/**
 * Points this test file's helpers (url, people.ts …) at another app, such as the one with a model key
 * (model-app.ts), until it is called again. Each test file has its own modules, so others never see it.
 */
export function useApp(address: string) {
  baseURL = address;
}

export async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage });
}
