// Issue 10 M1: what a plain `wrangler deploy` ships is production; local runs say development themselves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const wranglerToml = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8');
const varOf = (name) => wranglerToml.match(new RegExp(`^${name} = "([^"]*)"`, 'm'))?.[1];

describe('deploy defaults', () => {
  it('wrangler.toml deploys as production with no admin', () => {
    expect(varOf('ENVIRONMENT')).toBe('production');
    expect(varOf('ADMIN_USER_IDS')).toBe('');
  });

  it('every local wrangler dev run is development', () => {
    const wranglerDev = readFileSync(new URL('./wrangler-dev.mjs', import.meta.url), 'utf8');
    expect(wranglerDev).toMatch(/ENVIRONMENT: 'development'/);
  });

  it('npm run dev runs Vite with development vars', () => {
    const viteConfig = readFileSync(new URL('../web/vite.config.ts', import.meta.url), 'utf8');
    expect(viteConfig).toMatch(/ENVIRONMENT: 'development'/);
  });
});
