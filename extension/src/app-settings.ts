// The app URL in `storage.sync`, so it follows the person across their browsers. Until the person saves
// one, the address is the app the zip was downloaded from: the server stamps app-origin.json into the
// zip it hands out (worker/extension/stamp-zip.ts). Only a zip built by hand and loaded unpacked has
// neither, and then falls back to the local development server. A stored value is re-checked on read:
// storage can hold anything an older version wrote.

import { DEFAULT_APP_URL, parseAppUrl } from './app-url';
import { ext } from './browser-api';

const APP_URL_KEY = 'appUrl';
export const APP_ORIGIN_FILE = 'app-origin.json';

export type AppUrlSource = 'saved' | 'download' | 'default';

/** The address stamped into the zip at download, or null when there is none. */
async function downloadedFrom(): Promise<string | null> {
  try {
    const response = await fetch(ext.runtime.getURL(APP_ORIGIN_FILE));
    if (!response.ok) return null;
    const { appUrl } = (await response.json()) as { appUrl?: unknown };
    const parsed = typeof appUrl === 'string' ? parseAppUrl(appUrl) : null;
    return parsed?.ok ? parsed.appUrl : null;
  } catch {
    return null;
  }
}

/** The app's address and where it came from (the options page says so on first run). */
export async function resolveAppUrl(): Promise<{ appUrl: string; source: AppUrlSource }> {
  const stored = (await ext.storage.sync.get(APP_URL_KEY))[APP_URL_KEY];
  const parsed = typeof stored === 'string' ? parseAppUrl(stored) : null;
  if (parsed?.ok) return { appUrl: parsed.appUrl, source: 'saved' };
  const downloaded = await downloadedFrom();
  if (downloaded) return { appUrl: downloaded, source: 'download' };
  return { appUrl: DEFAULT_APP_URL, source: 'default' };
}

export async function loadAppUrl(): Promise<string> {
  return (await resolveAppUrl()).appUrl;
}

export async function saveAppUrl(appUrl: string): Promise<void> {
  await ext.storage.sync.set({ [APP_URL_KEY]: appUrl });
}
