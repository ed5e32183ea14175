// The Worker tests' Vitest imports @cloudflare/vitest-pool-workers, which imports wrangler (a 12.7 MB
// CommonJS bundle) and Miniflare (3.8 MB) as ES modules. Node 20 then scans each file's whole source for
// the names it exports (its CommonJS export lexer, in JavaScript) before it runs it: some 3 s of CPU in
// every Worker test run, twice in `npm test`. This hook gives the pool, and only the pool, modules that
// require() them instead (scripts/test-shims/): Miniflare loads as before, wrangler only if the pool
// calls it (it does not: vitest.config.ts passes the options wrangler.toml makes).
import { register } from 'node:module';

const POOL = '/@cloudflare/vitest-pool-workers/dist/pool/';
const SHIMMED = new Set(['wrangler', 'miniflare']);

/** Node's resolve hook (runs on the loader's thread): the pool's `wrangler` and `miniflare` to the shims. */
export async function resolve(specifier, context, nextResolve) {
  if (SHIMMED.has(specifier) && context.parentURL?.includes(POOL)) {
    return { url: new URL(`./test-shims/${specifier}.mjs`, import.meta.url).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

/** Registers the hook above, before the pool is first imported. */
export function registerLightImports() {
  register(import.meta.url);
}
