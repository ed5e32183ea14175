// Miniflare for @cloudflare/vitest-pool-workers, required instead of imported (scripts/test-light-imports.mjs):
// the names the pool imports, read from the CommonJS module Node has loaded.
import { createRequire } from 'node:module';

const miniflare = createRequire(import.meta.url)('miniflare');

export const {
  Log,
  LogLevel,
  Miniflare,
  ModuleRuleTypeSchema,
  PLUGINS,
  Response,
  compileModuleRules,
  formatZodError,
  getNodeCompat,
  getRootPath,
  kCurrentWorker,
  kUnsafeEphemeralUniqueKey,
  maybeApply,
  mergeWorkerOptions,
  parseWithRootPath,
  structuredSerializableReducers,
  structuredSerializableRevivers,
  testRegExps,
} = miniflare;
export default miniflare;
