// Page views (spec §2) are reported fire-and-forget: keepalive lets the request outlive a page unload,
// and nothing the analytics endpoint does can block or break the page. The browser adds the same-origin
// Origin header the API requires on POST.
export function reportPageView(path: string): void {
  try {
    fetch('/api/analytics/pageview', {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path }),
    }).catch(() => {});
  } catch {
    // fetch itself can throw synchronously (e.g. keepalive quota exceeded): ignore.
  }
}
