// A Vitest reporter that says where a run's CPU goes, for making the tests cheaper (docs/performance.md
// "Tests"): the CPU (user + system) of the Vitest process and everything it started (workerd, esbuild),
// read from /proc (Linux) when each test file is queued, starts its tests and ends. CPU is the steady
// figure on a shared machine, where wall time is mostly the others' load.
//   npx vitest run --project worker --reporter=dot --reporter=./scripts/test-cpu-reporter.mjs
// FEEDLOOM_COUNT_D1=1 adds each Worker test file's D1 calls (worker/test/apply-migrations.ts);
// CPU_REPORT=file.json writes the rows as JSON too. The split of a file's CPU into setup and tests is
// as Vitest reports its events, which it sends in batches: the sum is the steady part.
// FEEDLOOM_TEST_WEIGHTS=1 writes each file's CPU into scripts/test-weights.json, by which `npm test`
// splits the Worker tests between its two workerd runs (scripts/test-shards.mjs); run it on the whole
// `worker` project after adding or changing heavy files:
//   FEEDLOOM_TEST_WEIGHTS=1 npx vitest run --project worker --reporter=dot --reporter=./scripts/test-cpu-reporter.mjs
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const TICKS_A_SECOND = 100; // USER_HZ

/** Every process: its parent, name, and CPU ticks (its own and its reaped children's). */
function processes() {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After "pid (comm) ": state ppid … utime stime cutime cstime (fields 14 to 17 of proc(5)).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      all.set(Number(name), {
        ppid: Number(fields[1]),
        ticks,
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return all;
}

/** CPU seconds of this process and its descendants, in all and by process name. */
export function treeCpu(root = process.pid) {
  const all = processes();
  const children = new Map();
  for (const [pid, { ppid }] of all) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const byName = {};
  let total = 0;
  for (const stack = [root]; stack.length > 0; ) {
    const pid = stack.pop();
    const found = all.get(pid);
    if (found) {
      total += found.ticks / TICKS_A_SECOND;
      byName[found.comm] = (byName[found.comm] ?? 0) + found.ticks / TICKS_A_SECOND;
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return { total, byName };
}

const WEIGHTS = new URL('./test-weights.json', import.meta.url);

/**
 * Each file's CPU seconds (setup and tests) into scripts/test-weights.json, over the entries of files
 * not in this run that still exist. The first file's setup is the runner's start-up, which every run
 * pays once whichever file it starts with: that file counts the median setup instead.
 */
function writeWeights(rows) {
  const setups = rows.map((row) => row.setup).sort((a, b) => a - b);
  const typicalSetup = setups[Math.floor(setups.length / 2)] ?? 0;
  const first = rows.reduce(
    (earliest, row) => (row.startedAt < (earliest?.startedAt ?? Infinity) ? row : earliest),
    null,
  );
  let old = {};
  try {
    old = JSON.parse(readFileSync(WEIGHTS, 'utf8')).files ?? {};
  } catch {
    // None yet.
  }
  const files = Object.fromEntries(Object.entries(old).filter(([path]) => existsSync(path)));
  for (const row of rows) {
    const setup = row === first ? typicalSetup : row.setup;
    files[row.file] = Math.round((setup + row.tests) * 100) / 100;
  }
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
  const about = 'CPU seconds of each test file, measured by scripts/test-cpu-reporter.mjs (FEEDLOOM_TEST_WEIGHTS=1)';
  writeFileSync(WEIGHTS, `${JSON.stringify({ about, files: sorted }, null, 2)}\n`);
}

const D1_CALLS = /^feedloom-d1-calls (\d+) (.*)$/m;

export default class CpuReporter {
  files = new Map();
  d1Calls = new Map();

  onInit() {
    this.started = { cpu: treeCpu().total, at: Date.now() };
  }

  onTestModuleQueued(module) {
    this.files.set(module.moduleId, { queued: treeCpu().total });
  }

  onTestModuleStart(module) {
    const file = this.files.get(module.moduleId) ?? {};
    this.files.set(module.moduleId, { ...file, start: treeCpu().total, startedAt: Date.now() });
  }

  onTestModuleEnd(module) {
    const file = this.files.get(module.moduleId) ?? {};
    this.files.set(module.moduleId, { ...file, end: treeCpu().total, endedAt: Date.now(), state: module.state() });
  }

  onUserConsoleLog(log) {
    const told = D1_CALLS.exec(log.content ?? '');
    if (told) this.d1Calls.set(relative(process.cwd(), told[2]), Number(told[1]));
  }

  onTestRunEnd() {
    const end = treeCpu();
    const rows = [...this.files].map(([id, file]) => {
      const path = relative(process.cwd(), id);
      const start = file.start ?? file.end;
      return {
        file: path,
        setup: start - (file.queued ?? start),
        tests: file.end - start,
        wall: ((file.endedAt ?? 0) - (file.startedAt ?? 0)) / 1000,
        startedAt: file.startedAt ?? 0,
        d1Calls: this.d1Calls.get(path),
        state: file.state,
      };
    });
    rows.sort((a, b) => b.setup + b.tests - (a.setup + a.tests));
    const sum = (key) => rows.reduce((total, row) => total + (row[key] ?? 0), 0);
    const total = end.total - this.started.cpu;
    const names = Object.entries(end.byName)
      .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`)
      .join(', ');
    const calls = this.d1Calls.size > 0 ? `; D1 calls ${sum('d1Calls')}` : '';
    const lines = [
      `CPU of the Vitest tree: ${total.toFixed(1)} s (since it started: ${names}); wall ${((Date.now() - this.started.at) / 1000).toFixed(1)} s`,
      `${rows.length} files: setup ${sum('setup').toFixed(1)} s, tests ${sum('tests').toFixed(1)} s of CPU${calls}`,
      '  setup  tests   wall  D1 calls  file (CPU seconds; wall seconds of its tests)',
      ...rows.map(
        (row) =>
          `${row.setup.toFixed(2).padStart(7)} ${row.tests.toFixed(2).padStart(6)} ${row.wall.toFixed(1).padStart(6)} ${String(row.d1Calls ?? '').padStart(9)}  ${row.file}${row.state === 'passed' ? '' : ` ${row.state}`}`,
      ),
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    if (process.env.CPU_REPORT) writeFileSync(process.env.CPU_REPORT, JSON.stringify({ total, rows }, null, 1));
    if (process.env.FEEDLOOM_TEST_WEIGHTS === '1') writeWeights(rows);
  }
}
