import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { resolve } from './test-light-imports.mjs';

const require = createRequire(import.meta.url);
const poolFile = new URL('../node_modules/@cloudflare/vitest-pool-workers/dist/pool/index.mjs', import.meta.url);
const poolSource = readFileSync(poolFile, 'utf8');

/** The names the pool takes from `module`: its static import, destructured dynamic imports and namespace uses. */
function namesThePoolUses(module) {
  const names = new Set();
  const quoted = `["']${module}["']`;
  for (const [, list] of poolSource.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g')))
    for (const name of list.split(',')) names.add(name.trim().split(/\s+as\s+/)[0]);
  for (const [, list] of poolSource.matchAll(
    new RegExp(`const\\s*\\{([^}]*)\\}\\s*=\\s*await import\\(${quoted}\\)`, 'g'),
  ))
    for (const name of list.split(',')) names.add(name.trim().split(':')[0].trim());
  for (const [, variable] of poolSource.matchAll(
    new RegExp(`const\\s+(\\w+)\\s*=\\s*await import\\(${quoted}\\)`, 'g'),
  ))
    for (const [, name] of poolSource.matchAll(new RegExp(`\\b${variable}\\.(\\w+)\\(`, 'g'))) names.add(name);
  names.delete('');
  return [...names];
}

describe('the pool’s wrangler and Miniflare, required instead of imported', () => {
  it('sends only the pool’s imports of wrangler and miniflare to the shims', async () => {
    const next = (specifier) => ({ url: `next:${specifier}` });
    const fromPool = { parentURL: poolFile.href };
    expect((await resolve('wrangler', fromPool, next)).url).toMatch(/scripts\/test-shims\/wrangler\.mjs$/);
    expect((await resolve('miniflare', fromPool, next)).url).toMatch(/scripts\/test-shims\/miniflare\.mjs$/);
    expect((await resolve('wrangler', { parentURL: import.meta.url }, next)).url).toBe('next:wrangler');
    expect((await resolve('zod', fromPool, next)).url).toBe('next:zod');
  });

  it('gives the pool every name it takes from Miniflare, as Miniflare exports it', async () => {
    const shim = await import('./test-shims/miniflare.mjs');
    const miniflare = require('miniflare');
    const names = namesThePoolUses('miniflare');
    expect(names).toContain('Miniflare');
    for (const name of names) {
      expect(shim[name], name).toBeDefined();
      expect(shim[name], name).toBe(miniflare[name]);
    }
  });

  it('gives the pool every wrangler function it calls, without loading wrangler to import them', async () => {
    const shim = await import('./test-shims/wrangler.mjs');
    const names = namesThePoolUses('wrangler');
    expect(names).toEqual(expect.arrayContaining(['experimental_readRawConfig', 'unstable_getMiniflareWorkerOptions']));
    const wrangler = require('wrangler');
    for (const name of names) {
      expect(typeof shim[name], name).toBe('function');
      expect(typeof wrangler[name], name).toBe('function');
    }
    expect(shim.unstable_splitSqlQuery('select 1; select 2;')).toEqual(
      wrangler.unstable_splitSqlQuery('select 1; select 2;'),
    );
  });
});
