// The Feedloom app the extension sends feeds to: its address as the options page accepts it, and the
// link that opens the app's add-feed dialog pre-filled (spec §2: /home?addFeed=<URL-encoded feed URL>).

export const DEFAULT_APP_URL = 'http://localhost:8787';

export type AppUrlResult = { ok: true; appUrl: string } | { ok: false; message: string };

/** An http(s) address without credentials, query or fragment, kept without its trailing slash. */
export function parseAppUrl(input: string): AppUrlResult {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Enter the address of your Feedloom app.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'Enter a full address, such as https://feedloom.example.com.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'The address must start with http:// or https://.' };
  }
  if (url.username || url.password)
    return { ok: false, message: 'The address must not contain a user name or password.' };
  if (url.search || url.hash) return { ok: false, message: 'The address must not contain ? or #.' };
  return { ok: true, appUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

export function addFeedLink(appUrl: string, feedUrl: string): string {
  return `${appUrl}/home?addFeed=${encodeURIComponent(feedUrl)}`;
}
