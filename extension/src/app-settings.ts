// The app URL in `storage.sync`, so it follows the person across their browsers. A stored value is
// re-checked on read: storage can hold anything an older version wrote.

import { DEFAULT_APP_URL, parseAppUrl } from './app-url';
import { ext } from './browser-api';

const APP_URL_KEY = 'appUrl';

export async function loadAppUrl(): Promise<string> {
  const stored = (await ext.storage.sync.get(APP_URL_KEY))[APP_URL_KEY];
  const parsed = typeof stored === 'string' ? parseAppUrl(stored) : null;
  return parsed?.ok ? parsed.appUrl : DEFAULT_APP_URL;
}

export async function saveAppUrl(appUrl: string): Promise<void> {
  await ext.storage.sync.set({ [APP_URL_KEY]: appUrl });
}
