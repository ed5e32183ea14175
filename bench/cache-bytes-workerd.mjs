// Bytes an entry of each cache an isolate keeps across requests, measured in workerd itself (issue 30, the
// limits table's "memory an isolate"): bench/cache-shapes.mjs's Maps filled inside a Worker, in the workerd
// the tests run in, with V8's `--expose-gc` and `--trace-gc-nvp` (workerd's config `v8Flags`). Each fill
// sits between full collections; V8 prints every collection's live object bytes (`end_object_size`), and a
// fill's bytes are the difference across it. This is what the Worker's own heap takes: workerd's V8 has
// pointer compression (4-byte fields) where Node's has not, so Node's figures (bench/cache-bytes.mjs) are
// up to twice these for objects. ICU's memory behind a time-zone formatter is outside the V8 heap: that one
// figure comes from Node's resident memory (the same ICU), see measureCacheBytesInWorkerd.
//
// `node bench/cache-bytes-workerd.mjs` prints a table, `--json` the figures.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { rowCharacters } from './cache-bytes.mjs';
import { figuresOf } from './cache-shapes.mjs';

const WORK_DIR = fileURLToPath(new URL('.work/cache-bytes-workerd/', import.meta.url));
const COMPATIBILITY_DATE = '2026-04-26'; // wrangler.toml's
const RUNS = 3;

/** The Worker: every cache filled RUNS times after a warming fill, each between full collections and marks. */
const WORKER = `import { CACHES, OUTSIDE_HEAP } from '../../cache-shapes.mjs';
const kept = [];
export default {
  async fetch(request) {
    const options = { rowCharacters: Number(new URL(request.url).searchParams.get('rowCharacters')) };
    for (const [name, fill] of Object.entries(CACHES)) {
      for (let run = 0; run <= ${RUNS}; run++) {
        gc();
        gc();
        console.log('CACHE-BYTES before ' + name + ' ' + run);
        const held = fill(options);
        gc();
        gc();
        console.log('CACHE-BYTES after ' + name + ' ' + run + ' ' + held.map.size + ' ' + (held.units ?? held.map.size));
        if (OUTSIDE_HEAP.has(name)) kept.push(held.map);
        else held.map.clear();
      }
    }
    return new Response('measured');
  },
};
`;

function configOf(port) {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
  v8Flags = ["--expose-gc", "--trace-gc-nvp"],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.mjs") ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = ["nodejs_compat"],
);
`;
}

const workerdBinary = () => createRequire(import.meta.url).resolve('workerd/bin/workerd');

/** Each cache's runs from workerd's output: the live bytes after the collections before and after each fill. */
function runsFrom(output) {
  const runs = {};
  let liveBytes = null;
  let before = null;
  for (const line of output.split('\n')) {
    const gcLine = /"reason":"testing".*"end_object_size":(\d+)/.exec(line);
    if (gcLine) liveBytes = Number(gcLine[1]);
    const mark = /CACHE-BYTES (before|after) (\w+) (\d+)(?: (\d+) (\d+))?/.exec(line);
    if (!mark) continue;
    if (liveBytes === null) throw new Error('workerd printed no full collection before a mark');
    if (mark[1] === 'before') before = liveBytes;
    // Run 0 warms what V8 makes once (the shapes' maps, code): not counted.
    else if (mark[3] !== '0') {
      runs[mark[2]] = runs[mark[2]] ?? [];
      runs[mark[2]].push({ bytes: liveBytes - before, entries: Number(mark[4]), units: Number(mark[5]) });
    }
  }
  return runs;
}

/** Each cache's figures ({perEntry, perUnit, entries, units}) as workerd's V8 heap holds them. */
export async function measureCacheBytesInWorkerd() {
  mkdirSync(WORK_DIR, { recursive: true });
  writeFileSync(path.join(WORK_DIR, 'entry.mjs'), WORKER);
  await build({
    entryPoints: [path.join(WORK_DIR, 'entry.mjs')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    external: ['node:*'],
    outfile: path.join(WORK_DIR, 'worker.mjs'),
    logLevel: 'warning',
  });
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  writeFileSync(path.join(WORK_DIR, 'config.capnp'), configOf(port));
  const workerd = spawn(workerdBinary(), ['serve', path.join(WORK_DIR, 'config.capnp')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  workerd.stdout.on('data', (chunk) => {
    output += chunk;
  });
  workerd.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => workerd.on('exit', resolve));
  try {
    let response;
    for (let attempt = 0; !response; attempt++) {
      try {
        response = await fetch(`http://127.0.0.1:${port}/?rowCharacters=${rowCharacters()}`);
      } catch (error) {
        if (attempt > 100) throw new Error(`workerd did not answer: ${error}\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    if (response.status !== 200) throw new Error(`workerd answered ${response.status}: ${await response.text()}`);
  } finally {
    workerd.kill();
    await exited;
  }
  const runs = runsFrom(output);
  return Object.fromEntries(Object.entries(runs).map(([name, cacheRuns]) => [name, figuresOf(cacheRuns)]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureCacheBytesInWorkerd();
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
  else
    for (const [name, { perEntry, perUnit, entries, units }] of Object.entries(figures))
      console.log(
        `${name.padEnd(20)} ${String(perEntry).padStart(9)} B an entry${units === entries ? '' : `, ${perUnit} B a character (${Math.round(units / entries)} characters an entry)`}`,
      );
}
