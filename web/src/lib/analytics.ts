// Page views (spec §2) are reported fire-and-forget: keepalive lets the request outlive a page unload,
// and nothing the analytics endpoint does can block or break the page (a refusal, a network failure, a
// keepalive quota exceeded all end in the catch). The browser adds the same-origin Origin header the API
// requires on POST. The route reads its body leniently, without a validator, so the JSON goes as `init`.
import { client } from './api-client';

export function reportPageView(path: string): void {
  client.analytics.pageview
    .$post(undefined, {
      headers: { 'Content-Type': 'application/json' },
      init: { keepalive: true, body: JSON.stringify({ path }) },
    })
    .catch(() => {});
}
