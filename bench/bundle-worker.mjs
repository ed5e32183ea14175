// The benchmarks run the Worker's own modules in Node: esbuild bundles what they need from worker/ into
// bench/.work/<name>.mjs, platform-neutral as workerd runs it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const WORK_DIR = fileURLToPath(new URL('.work/', import.meta.url));

/**
 * Bundles `exports`, a map from a module under worker/ (`feeds/parse/index`) to the names it exports,
 * into bench/.work/<name>.mjs; returns the bundle's path.
 */
export async function bundleWorkerModules(name, exports) {
  mkdirSync(WORK_DIR, { recursive: true });
  const outfile = path.join(WORK_DIR, `${name}.mjs`);
  const contents = Object.entries(exports)
    // A module under worker/, or the schema's (`../schema/packed-text`).
    .map(([module, names]) => `export { ${names.join(', ')} } from '../../worker/${module}';`)
    .join('\n');
  await build({
    stdin: { contents, resolveDir: WORK_DIR, sourcefile: `${name}-entry.ts`, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    // workerd provides node:zlib and the others under nodejs_compat, as Node does (schema/packed-text.ts).
    external: ['node:*'],
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** Bundles as bundleWorkerModules does and imports the bundle afresh (past Node's module cache). */
export async function importWorkerModules(name, exports) {
  return import(`${pathToFileURL(await bundleWorkerModules(name, exports)).href}?t=${Date.now()}`);
}
