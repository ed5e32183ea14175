// Adds the headers only a deployment serves to the built SPA's _headers (issue 28 L3). Static assets
// never reach the Worker, so its own headers cannot cover them; web/public/_headers holds what every
// run serves, and `npm run deploy` (and the dry run of `npm run check`) runs this after the build, so
// local runs on http://localhost never send HSTS. The value is the one the Worker's secureHeaders()
// already sends on API responses from the same host.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const HSTS = 'max-age=15552000; includeSubDomains';

const PRODUCTION_RULE = `
# Production only (scripts/production-headers.mjs): browsers keep to https for this host.
/*
  Strict-Transport-Security: ${HSTS}
`;

/** The _headers text with the production-only rule added once. */
export function withProductionHeaders(text) {
  return text.includes('Strict-Transport-Security') ? text : `${text.trimEnd()}\n${PRODUCTION_RULE}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = process.argv[2] ?? 'dist/client/_headers';
  writeFileSync(path, withProductionHeaders(readFileSync(path, 'utf8')));
  console.log(`${path}: production headers added (HSTS)`);
}
