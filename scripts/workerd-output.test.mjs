import { describe, expect, it } from 'vitest';
import { createOutputFilter } from './workerd-output.mjs';

// As wrangler printed it when an article was opened offline (colours included).
const DNS_FAILURE = [
  '\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1me = kj/async-io-unix.c++:1298: failed: DNS lookup failed.; params.host = www.giantbomb.com; params.service = ; gai_strerror(status) = Name or service not known\u001b[0m',
  '',
  '  stack: /app/node_modules/@cloudflare/workerd-linux-64/bin/workerd@51f50be /app/node_modules/@cloudflare/workerd-linux-64/bin/workerd@51f5bb0',
  '',
  '',
  '[wrangler:info] GET /api/feed-items/38/content 200 OK (19ms)',
];

describe('the wrangler dev output filter', () => {
  it('turns a failed outbound fetch into one warn line with the host and the reason, without the stack', () => {
    const filter = createOutputFilter();
    const shown = DNS_FAILURE.map(filter).filter((line) => line !== null);
    expect(shown).toEqual([
      '{"level":"warn","event":"fetch.failed","host":"www.giantbomb.com","reason":"DNS lookup failed"}',
      '[wrangler:info] GET /api/feed-items/38/content 200 OK (19ms)',
    ]);
  });

  it('passes every other line through, blank lines included', () => {
    const filter = createOutputFilter();
    const lines = ['[wrangler:info] Ready on http://localhost:8787', '', '{"level":"error","event":"request.failed"}'];
    expect(lines.map(filter)).toEqual(lines);
  });
});
