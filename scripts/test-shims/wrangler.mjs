// wrangler for @cloudflare/vitest-pool-workers (scripts/test-light-imports.mjs): each function the pool
// calls, with wrangler required only when one is called. The pool imports wrangler as it loads, for a
// function it calls only when a project names a wrangler configuration, which ours never does
// (vitest.config.ts gives it the options wrangler.toml makes, cached: scripts/test-wrangler-config.mjs).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const wrangler = () => require('wrangler');

export const experimental_readRawConfig = (...args) => wrangler().experimental_readRawConfig(...args);
export const unstable_getMiniflareWorkerOptions = (...args) => wrangler().unstable_getMiniflareWorkerOptions(...args);
export const maybeStartOrUpdateRemoteProxySession = (...args) =>
  wrangler().maybeStartOrUpdateRemoteProxySession(...args);
export const unstable_generateASSETSBinding = (...args) => wrangler().unstable_generateASSETSBinding(...args);
export const unstable_splitSqlQuery = (...args) => wrangler().unstable_splitSqlQuery(...args);
