// Which Worker test files need workerd, and which run in plain Node (vitest.config.ts).
// A workerd test file pays for a runtime with D1, R2 and Queues; a test of a pure module (the feed parser,
// HTML, search syntax, scheduling rules …) needs none of it. The split is read from what the files import,
// so a new test lands on the right side by itself: a test file runs in Node when neither it nor anything
// it imports, file by file, imports a `cloudflare:` module or uses a global only the Workers runtime has.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Imports of the runtime's own modules, and globals that Node lacks.
const WORKERS_ONLY =
  /\bfrom\s*['"]cloudflare:|\bimport\s*\(\s*['"]cloudflare:|\bHTMLRewriter\b|\bscheduler\.wait\b|\bWebSocketPair\b|\bcaches\.default\b/;
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE_EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The source file an import names, or null for data (`?raw`, .html, .json …) and what is not there. */
function sourceFile(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  if (specifier.includes('?')) return null;
  for (const extension of SOURCE_EXTENSIONS) {
    const candidate = base + extension;
    if (/\.(m?[jt]sx?)$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The chain of files by which `file` reaches the Workers runtime (the test file first), or null when it
 * never does. `known` remembers each file's answer across calls.
 */
export function workersChain(file, known = new Map(), visiting = new Set()) {
  if (known.has(file)) return known.get(file);
  if (visiting.has(file)) return null;
  visiting.add(file);
  const source = readFileSync(file, 'utf8');
  let chain = null;
  if (WORKERS_ONLY.test(source)) chain = [file];
  else {
    for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
      const imported = sourceFile(file, specifier);
      const below = imported ? workersChain(imported, known, visiting) : null;
      if (below) {
        chain = [file, ...below];
        break;
      }
    }
  }
  visiting.delete(file);
  known.set(file, chain);
  return chain;
}

function testFilesUnder(directory, pattern) {
  const found = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'testdata') found.push(...testFilesUnder(path, pattern));
    } else if (pattern.test(entry.name)) found.push(path);
  }
  return found.sort();
}

/**
 * The Worker test files under `root`/worker split by where they run, as paths relative to `root`:
 * `node` (pure modules) and `workerd` (everything that touches a binding or the runtime).
 */
export function splitWorkerTests(root) {
  const known = new Map();
  const node = [];
  const workerd = [];
  for (const file of testFilesUnder(join(root, 'worker'), /\.test\.tsx?$/)) {
    (workersChain(file, known) ? workerd : node).push(relative(root, file));
  }
  return { node, workerd };
}
