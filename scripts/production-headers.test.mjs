// Issue 28 L3: static responses carry HSTS in production only. The rule is added to the built _headers
// by the deploy (and the check's dry run), never to what local runs serve.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HSTS, withProductionHeaders } from './production-headers.mjs';

const localHeaders = readFileSync(new URL('../web/public/_headers', import.meta.url), 'utf8');
const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;

describe('static headers', () => {
  it('served by local runs have no HSTS', () => {
    expect(localHeaders).not.toContain('Strict-Transport-Security');
  });

  it('of a deployment add HSTS for every path, once', () => {
    const deployed = withProductionHeaders(localHeaders);
    expect(deployed.startsWith(localHeaders.trimEnd())).toBe(true);
    expect(deployed).toMatch(new RegExp(`^/\\*\\n {2}Strict-Transport-Security: ${HSTS}$`, 'm'));
    expect(withProductionHeaders(deployed)).toBe(deployed);
  });

  it('are added by the deploy after the build and before wrangler deploy, and by the dry run', () => {
    for (const name of ['deploy', 'check']) {
      const steps = scripts[name].split('&&').map((step) => step.trim());
      const build = steps.indexOf('npm run build');
      const headers = steps.findIndex((step) => step.startsWith('node scripts/production-headers.mjs'));
      const deploy = steps.findIndex((step) => step.startsWith('wrangler deploy'));
      expect(build).toBeGreaterThanOrEqual(0);
      expect(headers).toBeGreaterThan(build);
      expect(deploy).toBeGreaterThan(headers);
    }
  });
});
