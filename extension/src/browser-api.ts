// The one handle on the WebExtension APIs: Firefox's promise-based `browser` where it exists,
// Chromium's `chrome` otherwise (both promise-based in Manifest V3, with the same shapes here).

function resolveApi(): WebExtension.Api {
  const api = globalThis.browser ?? globalThis.chrome;
  if (!api) throw new Error('Not running inside a browser extension');
  return api;
}

export const ext = resolveApi();
